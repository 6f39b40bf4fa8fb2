CREATE OR REPLACE FUNCTION public.tire_check_unit_month_add(c tire_checks)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO tire_check_unit_month AS m (month, unit_id, n, days)
  SELECT date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.unit_id, 1,
         1 << (extract(day FROM c.performed_at AT TIME ZONE z.tz)::int - 1)
    FROM report_timezone z
   WHERE c.returned_at IS NULL
  ON CONFLICT (month, unit_id) DO UPDATE SET n = m.n + 1, days = m.days | excluded.days
$function$;

CREATE OR REPLACE FUNCTION public.tire_check_unit_month_recount(p_unit integer, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  zone text := (SELECT tz FROM report_timezone);
  m date := date_trunc('month', p_at AT TIME ZONE zone)::date;
  cnt integer;
  mask integer;
BEGIN
  IF zone IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO tire_check_unit_month AS r (month, unit_id) VALUES (m, p_unit)
  ON CONFLICT (month, unit_id) DO UPDATE SET n = r.n;
  SELECT count(*), coalesce(bit_or(1 << (extract(day FROM performed_at AT TIME ZONE zone)::int - 1)), 0)
    INTO cnt, mask
    FROM tire_checks
   WHERE unit_id = p_unit
     AND returned_at IS NULL
     AND performed_at >= m::timestamp AT TIME ZONE zone
     AND performed_at < (m + interval '1 month')::timestamp AT TIME ZONE zone;
  IF cnt = 0 THEN
    DELETE FROM tire_check_unit_month WHERE month = m AND unit_id = p_unit;
  ELSE
    UPDATE tire_check_unit_month SET n = cnt, days = mask WHERE month = m AND unit_id = p_unit;
  END IF;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_checks_unit_month_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_check_unit_month;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM tire_check_unit_month_add(NEW);
  ELSE
    PERFORM tire_check_unit_month_recount(OLD.unit_id, OLD.performed_at);
    IF TG_OP = 'UPDATE' THEN
      PERFORM tire_check_unit_month_recount(NEW.unit_id, NEW.performed_at);
    END IF;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_check_unit_month_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_check_unit_month;
  INSERT INTO tire_check_unit_month (month, unit_id, n, days)
  SELECT date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.unit_id, count(*),
         bit_or(1 << (extract(day FROM c.performed_at AT TIME ZONE z.tz)::int - 1))
    FROM tire_checks c CROSS JOIN report_timezone z
   WHERE c.returned_at IS NULL
   GROUP BY 1, 2
   -- a month's rows together, as the trigger writes them on a live system
   ORDER BY 1, 2;
$function$;

DROP TRIGGER IF EXISTS tire_checks_unit_month_ins_del ON public.tire_checks;
CREATE TRIGGER tire_checks_unit_month_ins_del AFTER INSERT OR DELETE ON public.tire_checks FOR EACH ROW EXECUTE FUNCTION tire_checks_unit_month_trg();

DROP TRIGGER IF EXISTS tire_checks_unit_month_truncate ON public.tire_checks;
CREATE TRIGGER tire_checks_unit_month_truncate AFTER TRUNCATE ON public.tire_checks FOR EACH STATEMENT EXECUTE FUNCTION tire_checks_unit_month_trg();

DROP TRIGGER IF EXISTS tire_checks_unit_month_upd ON public.tire_checks;
CREATE TRIGGER tire_checks_unit_month_upd AFTER UPDATE OF unit_id, performed_at, returned_at ON public.tire_checks FOR EACH ROW WHEN (((old.unit_id IS DISTINCT FROM new.unit_id) OR (old.performed_at IS DISTINCT FROM new.performed_at) OR (old.returned_at IS DISTINCT FROM new.returned_at))) EXECUTE FUNCTION tire_checks_unit_month_trg();
