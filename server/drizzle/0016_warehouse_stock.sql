CREATE TABLE "warehouse_stock" (
	"tire_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"size" text NOT NULL,
	"ir_brand" text NOT NULL,
	"serial_number" text NOT NULL,
	"location_id" integer,
	"location_name" text
);
--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_stock_order_idx" ON "warehouse_stock" USING btree ("location_name","location_id","size","ir_brand","serial_number","tire_id","status");--> statement-breakpoint
-- One tire's row from the tire, its stock state and its location: upserted while the tire is in
-- stock, deleted otherwise.
CREATE FUNCTION "warehouse_stock_refresh"(tid integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM warehouse_stock w
   WHERE w.tire_id = tid
     AND NOT EXISTS (SELECT 1 FROM tires t WHERE t.id = tid AND t.status IN ('UNINSTALLED', 'SPARE'));
  INSERT INTO warehouse_stock AS w (tire_id, status, size, ir_brand, serial_number, location_id, location_name)
  SELECT t.id, t.status, t.size, t.ir_brand, t.serial_number, ss.location_id, l.name
    FROM tires t
    LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
    LEFT JOIN locations l ON l.id = ss.location_id
   WHERE t.id = tid AND t.status IN ('UNINSTALLED', 'SPARE')
  ON CONFLICT (tire_id) DO UPDATE SET
    status = excluded.status, size = excluded.size, ir_brand = excluded.ir_brand,
    serial_number = excluded.serial_number, location_id = excluded.location_id,
    location_name = excluded.location_name;
$$;
--> statement-breakpoint
CREATE FUNCTION "warehouse_stock_tire_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM warehouse_stock_refresh(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tires_warehouse_stock_ins" AFTER INSERT ON "tires"
  FOR EACH ROW WHEN (NEW.status IN ('UNINSTALLED', 'SPARE')) EXECUTE FUNCTION warehouse_stock_tire_trg();
--> statement-breakpoint
CREATE TRIGGER "tires_warehouse_stock_upd" AFTER UPDATE OF status, size, ir_brand, serial_number ON "tires"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.size IS DISTINCT FROM NEW.size
    OR OLD.ir_brand IS DISTINCT FROM NEW.ir_brand OR OLD.serial_number IS DISTINCT FROM NEW.serial_number)
  EXECUTE FUNCTION warehouse_stock_tire_trg();
--> statement-breakpoint
-- A tire's location moved (or its state was rebuilt): its row, if it is in stock, follows.
CREATE FUNCTION "warehouse_stock_location_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE warehouse_stock SET location_id = NULL, location_name = NULL
     WHERE tire_id = OLD.tire_id AND location_id IS NOT NULL;
  ELSE
    UPDATE warehouse_stock w SET location_id = NEW.location_id,
           location_name = (SELECT l.name FROM locations l WHERE l.id = NEW.location_id)
     WHERE w.tire_id = NEW.tire_id AND w.location_id IS DISTINCT FROM NEW.location_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_stock_state_warehouse_ins_del" AFTER INSERT OR DELETE ON "tire_stock_state"
  FOR EACH ROW EXECUTE FUNCTION warehouse_stock_location_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_state_warehouse_upd" AFTER UPDATE OF location_id ON "tire_stock_state"
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION warehouse_stock_location_trg();
--> statement-breakpoint
CREATE FUNCTION "warehouse_stock_location_name_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE warehouse_stock SET location_name = NEW.name WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_warehouse_stock_name" AFTER UPDATE OF name ON "locations"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION warehouse_stock_location_name_trg();
--> statement-breakpoint
-- The whole table from the tires: here, and after a bulk load that bypassed the triggers.
CREATE FUNCTION "warehouse_stock_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM warehouse_stock;
  INSERT INTO warehouse_stock (tire_id, status, size, ir_brand, serial_number, location_id, location_name)
  SELECT t.id, t.status, t.size, t.ir_brand, t.serial_number, ss.location_id, l.name
    FROM tires t
    LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
    LEFT JOIN locations l ON l.id = ss.location_id
   WHERE t.status IN ('UNINSTALLED', 'SPARE');
$$;
--> statement-breakpoint
SELECT warehouse_stock_rebuild();
