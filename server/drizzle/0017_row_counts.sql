CREATE TABLE "row_count_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "row_count_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Row trigger: -1 on the old row's key, +1 on the new row's. The optional argument names the
-- column whose value is part of the key (`table:value`); without it the key is the table.
CREATE FUNCTION "row_count_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO row_count_deltas (key, n)
    VALUES (CASE WHEN TG_NARGS = 0 THEN TG_TABLE_NAME ELSE TG_TABLE_NAME || ':' || coalesce(to_jsonb(OLD) ->> TG_ARGV[0], '') END, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO row_count_deltas (key, n)
    VALUES (CASE WHEN TG_NARGS = 0 THEN TG_TABLE_NAME ELSE TG_TABLE_NAME || ':' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], '') END, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "row_count_truncate_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE key = TG_TABLE_NAME OR key LIKE TG_TABLE_NAME || ':%';
  DELETE FROM row_count_deltas WHERE key = TG_TABLE_NAME OR key LIKE TG_TABLE_NAME || ':%';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_replacements_row_count" AFTER INSERT OR DELETE ON "tire_replacements"
  FOR EACH ROW EXECUTE FUNCTION row_count_trg('status');
--> statement-breakpoint
CREATE TRIGGER "tire_replacements_row_count_upd" AFTER UPDATE OF status ON "tire_replacements"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION row_count_trg('status');
--> statement-breakpoint
CREATE TRIGGER "tire_replacements_row_count_truncate" AFTER TRUNCATE ON "tire_replacements"
  FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER "qc_checks_row_count" AFTER INSERT OR DELETE ON "qc_checks"
  FOR EACH ROW EXECUTE FUNCTION row_count_trg();
--> statement-breakpoint
CREATE TRIGGER "qc_checks_row_count_truncate" AFTER TRUNCATE ON "qc_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER "active_unit_tires_row_count" AFTER INSERT OR DELETE ON "active_unit_tires"
  FOR EACH ROW EXECUTE FUNCTION row_count_trg('status');
--> statement-breakpoint
CREATE TRIGGER "active_unit_tires_row_count_upd" AFTER UPDATE OF status ON "active_unit_tires"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION row_count_trg('status');
--> statement-breakpoint
CREATE TRIGGER "active_unit_tires_row_count_truncate" AFTER TRUNCATE ON "active_unit_tires"
  FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();
--> statement-breakpoint
-- Every count from its table: here, and after a bulk load that bypassed the triggers.
CREATE FUNCTION "row_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_count_deltas;
  DELETE FROM row_counts;
  INSERT INTO row_counts (key, n)
  SELECT 'tire_replacements:' || status, count(*) FROM tire_replacements GROUP BY status
  UNION ALL
  SELECT 'qc_checks', count(*) FROM qc_checks HAVING count(*) > 0
  UNION ALL
  SELECT 'active_unit_tires:' || status, count(*) FROM active_unit_tires GROUP BY status;
$$;
--> statement-breakpoint
SELECT row_counts_rebuild();
