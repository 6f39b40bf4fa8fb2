-- The EDP queue (checks without an EDP signature that were not returned: edp_sign = '-' and
-- returned_at is null) counted in row_counts under 'tire_checks:queue': +1 when a check enters
-- the queue, -1 when it leaves, so the queue's first page and the dashboard's Pending counter do
-- not count the queue on every request.
CREATE FUNCTION "edp_queue_count_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_in boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.edp_sign = '-' AND OLD.returned_at IS NULL;
  is_in boolean := TG_OP IN ('UPDATE', 'INSERT') AND NEW.edp_sign = '-' AND NEW.returned_at IS NULL;
BEGIN
  IF was_in IS DISTINCT FROM is_in THEN
    INSERT INTO row_count_deltas (key, n) VALUES ('tire_checks:queue', CASE WHEN is_in THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_checks_queue_count" AFTER INSERT OR DELETE ON "tire_checks"
  FOR EACH ROW EXECUTE FUNCTION edp_queue_count_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_checks_queue_count_upd" AFTER UPDATE OF edp_sign, returned_at ON "tire_checks"
  FOR EACH ROW WHEN (OLD.edp_sign IS DISTINCT FROM NEW.edp_sign OR OLD.returned_at IS DISTINCT FROM NEW.returned_at)
  EXECUTE FUNCTION edp_queue_count_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_checks_row_count_truncate" AFTER TRUNCATE ON "tire_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();
--> statement-breakpoint
-- Every count from its table: here, and after a bulk load that bypassed the triggers.
CREATE OR REPLACE FUNCTION "row_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_count_deltas;
  DELETE FROM row_counts;
  INSERT INTO row_counts (key, n)
  SELECT 'tire_replacements:' || status, count(*) FROM tire_replacements GROUP BY status
  UNION ALL
  SELECT 'qc_checks', count(*) FROM qc_checks HAVING count(*) > 0
  UNION ALL
  SELECT 'active_unit_tires:' || status, count(*) FROM active_unit_tires GROUP BY status
  UNION ALL
  SELECT 'tire_checks:queue', count(*) FROM tire_checks WHERE edp_sign = '-' AND returned_at IS NULL
  HAVING count(*) > 0;
$$;
--> statement-breakpoint
SELECT row_counts_rebuild();
