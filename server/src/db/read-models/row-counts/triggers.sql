CREATE OR REPLACE FUNCTION public.row_count_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.row_count_stmt_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  col text := CASE WHEN TG_NARGS = 0 THEN NULL ELSE TG_ARGV[0] END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_count_deltas (key, n)
    SELECT k, count(*) FROM (
      SELECT CASE WHEN col IS NULL THEN TG_TABLE_NAME
                  ELSE TG_TABLE_NAME || ':' || coalesce(to_jsonb(r) ->> col, '') END AS k
        FROM new_rows r) s
     GROUP BY k;
  ELSE
    INSERT INTO row_count_deltas (key, n)
    SELECT k, -count(*) FROM (
      SELECT CASE WHEN col IS NULL THEN TG_TABLE_NAME
                  ELSE TG_TABLE_NAME || ':' || coalesce(to_jsonb(r) ->> col, '') END AS k
        FROM old_rows r) s
     GROUP BY k;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.row_count_truncate_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM row_counts WHERE key = TG_TABLE_NAME OR key LIKE TG_TABLE_NAME || ':%';
  DELETE FROM row_count_deltas WHERE key = TG_TABLE_NAME OR key LIKE TG_TABLE_NAME || ':%';
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.edp_queue_count_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  was_in boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.edp_sign = '-' AND OLD.returned_at IS NULL;
  is_in boolean := TG_OP IN ('UPDATE', 'INSERT') AND NEW.edp_sign = '-' AND NEW.returned_at IS NULL;
BEGIN
  IF was_in IS DISTINCT FROM is_in THEN
    INSERT INTO row_count_deltas (key, n) VALUES ('tire_checks:queue', CASE WHEN is_in THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.row_counts_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$;

DROP TRIGGER IF EXISTS active_unit_tires_row_count_del ON public.active_unit_tires;
CREATE TRIGGER active_unit_tires_row_count_del AFTER DELETE ON public.active_unit_tires REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');

DROP TRIGGER IF EXISTS active_unit_tires_row_count_ins ON public.active_unit_tires;
CREATE TRIGGER active_unit_tires_row_count_ins AFTER INSERT ON public.active_unit_tires REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');

DROP TRIGGER IF EXISTS active_unit_tires_row_count_truncate ON public.active_unit_tires;
CREATE TRIGGER active_unit_tires_row_count_truncate AFTER TRUNCATE ON public.active_unit_tires FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();

DROP TRIGGER IF EXISTS active_unit_tires_row_count_upd ON public.active_unit_tires;
CREATE TRIGGER active_unit_tires_row_count_upd AFTER UPDATE OF status ON public.active_unit_tires FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION row_count_trg('status');

DROP TRIGGER IF EXISTS qc_checks_row_count_del ON public.qc_checks;
CREATE TRIGGER qc_checks_row_count_del AFTER DELETE ON public.qc_checks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg();

DROP TRIGGER IF EXISTS qc_checks_row_count_ins ON public.qc_checks;
CREATE TRIGGER qc_checks_row_count_ins AFTER INSERT ON public.qc_checks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg();

DROP TRIGGER IF EXISTS qc_checks_row_count_truncate ON public.qc_checks;
CREATE TRIGGER qc_checks_row_count_truncate AFTER TRUNCATE ON public.qc_checks FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();

DROP TRIGGER IF EXISTS tire_checks_queue_count ON public.tire_checks;
CREATE TRIGGER tire_checks_queue_count AFTER INSERT OR DELETE ON public.tire_checks FOR EACH ROW EXECUTE FUNCTION edp_queue_count_trg();

DROP TRIGGER IF EXISTS tire_checks_queue_count_upd ON public.tire_checks;
CREATE TRIGGER tire_checks_queue_count_upd AFTER UPDATE OF edp_sign, returned_at ON public.tire_checks FOR EACH ROW WHEN (((old.edp_sign IS DISTINCT FROM new.edp_sign) OR (old.returned_at IS DISTINCT FROM new.returned_at))) EXECUTE FUNCTION edp_queue_count_trg();

DROP TRIGGER IF EXISTS tire_checks_row_count_truncate ON public.tire_checks;
CREATE TRIGGER tire_checks_row_count_truncate AFTER TRUNCATE ON public.tire_checks FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();

DROP TRIGGER IF EXISTS tire_replacements_row_count_del ON public.tire_replacements;
CREATE TRIGGER tire_replacements_row_count_del AFTER DELETE ON public.tire_replacements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');

DROP TRIGGER IF EXISTS tire_replacements_row_count_ins ON public.tire_replacements;
CREATE TRIGGER tire_replacements_row_count_ins AFTER INSERT ON public.tire_replacements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');

DROP TRIGGER IF EXISTS tire_replacements_row_count_truncate ON public.tire_replacements;
CREATE TRIGGER tire_replacements_row_count_truncate AFTER TRUNCATE ON public.tire_replacements FOR EACH STATEMENT EXECUTE FUNCTION row_count_truncate_trg();

DROP TRIGGER IF EXISTS tire_replacements_row_count_upd ON public.tire_replacements;
CREATE TRIGGER tire_replacements_row_count_upd AFTER UPDATE OF status ON public.tire_replacements FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION row_count_trg('status');
