CREATE TABLE "tire_status_groove" (
	"status" text NOT NULL,
	"groove" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tire_status_groove_status_groove_pk" PRIMARY KEY("status","groove")
);
--> statement-breakpoint
CREATE TABLE "tire_status_groove_delta" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tire_status_groove_delta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"groove" smallint NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- A tire's key in the rollup: its status and the whole millimetres of its lowest groove.
CREATE FUNCTION "tire_status_groove_key"(g real) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(floor(g)::smallint, -1::smallint)
$$;
--> statement-breakpoint
-- Append-only: -1 on the old key, +1 on the new one. No shared row is updated, so validations
-- that change tires of the same status and groove never wait on each other.
CREATE FUNCTION "tire_status_groove_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_status_groove;
    DELETE FROM tire_status_groove_delta;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO tire_status_groove_delta (status, groove, n)
    VALUES (OLD.status, tire_status_groove_key(OLD.groove_lowest), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO tire_status_groove_delta (status, groove, n)
    VALUES (NEW.status, tire_status_groove_key(NEW.groove_lowest), 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tires_status_groove_ins_del" AFTER INSERT OR DELETE ON "tires"
  FOR EACH ROW EXECUTE FUNCTION tire_status_groove_trg();
--> statement-breakpoint
CREATE TRIGGER "tires_status_groove_upd" AFTER UPDATE OF status, groove_lowest ON "tires"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR tire_status_groove_key(OLD.groove_lowest) IS DISTINCT FROM tire_status_groove_key(NEW.groove_lowest))
  EXECUTE FUNCTION tire_status_groove_trg();
--> statement-breakpoint
CREATE TRIGGER "tires_status_groove_truncate" AFTER TRUNCATE ON "tires"
  FOR EACH STATEMENT EXECUTE FUNCTION tire_status_groove_trg();
--> statement-breakpoint
-- The whole rollup from the tires: here, and after a bulk load that bypassed the triggers.
CREATE FUNCTION "tire_status_groove_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM tire_status_groove_delta;
  DELETE FROM tire_status_groove;
  INSERT INTO tire_status_groove (status, groove, n)
  SELECT status, tire_status_groove_key(groove_lowest), count(*) FROM tires GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT tire_status_groove_rebuild();
