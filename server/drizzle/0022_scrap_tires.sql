CREATE TABLE "scrap_tires" (
	"tire_id" integer PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"ir_brand" text NOT NULL,
	"ori_brand" text NOT NULL,
	"size" text NOT NULL,
	"pattern" text NOT NULL,
	"condition" text NOT NULL,
	"scrapped_at" timestamp with time zone,
	"scrap_note" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scrap_tires" ADD CONSTRAINT "scrap_tires_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrap_tires_order_idx" ON "scrap_tires" USING btree ("scrapped_at" DESC NULLS LAST,"tire_id" DESC NULLS LAST);--> statement-breakpoint
-- One tire's row from the tire and its last scrap entry: upserted while the tire is scrapped,
-- deleted otherwise.
CREATE FUNCTION "scrap_tires_refresh"(tid integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM scrap_tires s
   WHERE s.tire_id = tid
     AND NOT EXISTS (SELECT 1 FROM tires t WHERE t.id = tid AND t.status = 'SCRAP');
  INSERT INTO scrap_tires AS s
    (tire_id, serial_number, ir_brand, ori_brand, size, pattern, condition, scrapped_at, scrap_note)
  SELECT t.id, t.serial_number, t.ir_brand, t.ori_brand, t.size, t.pattern, t.condition,
         se.created_at, coalesce(se.note, '')
    FROM tires t
    LEFT JOIN tire_scrap_event se ON se.tire_id = t.id
   WHERE t.id = tid AND t.status = 'SCRAP'
  ON CONFLICT (tire_id) DO UPDATE SET
    serial_number = excluded.serial_number, ir_brand = excluded.ir_brand, ori_brand = excluded.ori_brand,
    size = excluded.size, pattern = excluded.pattern, condition = excluded.condition,
    scrapped_at = excluded.scrapped_at, scrap_note = excluded.scrap_note;
$$;
--> statement-breakpoint
CREATE FUNCTION "scrap_tires_tire_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scrap_tires_refresh(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tires_scrap_tires_ins" AFTER INSERT ON "tires"
  FOR EACH ROW WHEN (NEW.status = 'SCRAP') EXECUTE FUNCTION scrap_tires_tire_trg();
--> statement-breakpoint
CREATE TRIGGER "tires_scrap_tires_upd" AFTER UPDATE OF status, serial_number, ir_brand, ori_brand, size, pattern, condition ON "tires"
  FOR EACH ROW WHEN ((OLD.status = 'SCRAP' OR NEW.status = 'SCRAP') AND (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.serial_number IS DISTINCT FROM NEW.serial_number OR OLD.ir_brand IS DISTINCT FROM NEW.ir_brand
    OR OLD.ori_brand IS DISTINCT FROM NEW.ori_brand OR OLD.size IS DISTINCT FROM NEW.size
    OR OLD.pattern IS DISTINCT FROM NEW.pattern OR OLD.condition IS DISTINCT FROM NEW.condition))
  EXECUTE FUNCTION scrap_tires_tire_trg();
--> statement-breakpoint
-- A tire's last scrap entry changed: its row, if it is scrapped, follows.
CREATE FUNCTION "scrap_tires_event_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE scrap_tires SET scrapped_at = NULL, scrap_note = '' WHERE tire_id = OLD.tire_id;
  ELSE
    UPDATE scrap_tires SET scrapped_at = NEW.created_at, scrap_note = NEW.note WHERE tire_id = NEW.tire_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_scrap_event_scrap_tires" AFTER INSERT OR UPDATE OR DELETE ON "tire_scrap_event"
  FOR EACH ROW EXECUTE FUNCTION scrap_tires_event_trg();
--> statement-breakpoint
-- The whole table from the tires: here, and after a bulk load that bypassed the triggers.
CREATE FUNCTION "scrap_tires_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM scrap_tires;
  INSERT INTO scrap_tires (tire_id, serial_number, ir_brand, ori_brand, size, pattern, condition, scrapped_at, scrap_note)
  SELECT t.id, t.serial_number, t.ir_brand, t.ori_brand, t.size, t.pattern, t.condition,
         se.created_at, coalesce(se.note, '')
    FROM tires t
    LEFT JOIN tire_scrap_event se ON se.tire_id = t.id
   WHERE t.status = 'SCRAP';
$$;
--> statement-breakpoint
SELECT scrap_tires_rebuild();
