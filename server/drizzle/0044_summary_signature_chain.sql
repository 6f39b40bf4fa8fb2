-- Written by npm run db:read-models: brings the functions and triggers to server/src/db/read-models.
-- Re-applied: check-rollups.
CREATE OR REPLACE FUNCTION public.tire_check_daily_apply(c tire_checks, sign integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO tire_check_daily AS d
    (day, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT (c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id, sign,
    sign * (c.status = 'approved')::int,
    sign * (c.pic_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')::int
    FROM report_timezone z
   WHERE c.returned_at IS NULL
  ON CONFLICT (day, location_id, tireman_id) DO UPDATE SET
    n = d.n + excluded.n,
    approved = d.approved + excluded.approved,
    awaiting_pic = d.awaiting_pic + excluded.awaiting_pic,
    awaiting_edp = d.awaiting_edp + excluded.awaiting_edp,
    awaiting_workshop = d.awaiting_workshop + excluded.awaiting_workshop;
  INSERT INTO tire_check_monthly AS m
    (month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id, sign,
    sign * (c.status = 'approved')::int,
    sign * (c.pic_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')::int
    FROM report_timezone z
   WHERE c.returned_at IS NULL
  ON CONFLICT (month, location_id, tireman_id) DO UPDATE SET
    n = m.n + excluded.n,
    approved = m.approved + excluded.approved,
    awaiting_pic = m.awaiting_pic + excluded.awaiting_pic,
    awaiting_edp = m.awaiting_edp + excluded.awaiting_edp,
    awaiting_workshop = m.awaiting_workshop + excluded.awaiting_workshop;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.tire_checks_daily_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- not TRUNCATE: the tables may be in the same TRUNCATE statement
    DELETE FROM tire_check_daily;
    DELETE FROM tire_check_monthly;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tire_check_daily_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tire_check_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.report_rollups_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_check_daily;
  DELETE FROM tire_check_monthly;
  INSERT INTO tire_check_daily (day, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT (c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id, count(*),
         count(*) FILTER (WHERE c.status = 'approved'),
         count(*) FILTER (WHERE c.pic_sign = '-'),
         count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign = '-'),
         count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')
    FROM tire_checks c CROSS JOIN report_timezone z
   WHERE c.returned_at IS NULL
   GROUP BY 1, 2, 3
   -- in day order, as a live system writes it: a month's rows sit together
   ORDER BY 1, 2, 3;
  INSERT INTO tire_check_monthly (month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT date_trunc('month', day::timestamp)::date, location_id, tireman_id, sum(n), sum(approved),
         sum(awaiting_pic), sum(awaiting_edp), sum(awaiting_workshop)
    FROM tire_check_daily
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3;
  SELECT tire_check_unit_month_rebuild();
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tire_checks_daily_ins_del ON public.tire_checks;
--> statement-breakpoint
CREATE TRIGGER tire_checks_daily_ins_del AFTER INSERT OR DELETE ON public.tire_checks FOR EACH ROW EXECUTE FUNCTION tire_checks_daily_trg();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tire_checks_daily_truncate ON public.tire_checks;
--> statement-breakpoint
CREATE TRIGGER tire_checks_daily_truncate AFTER TRUNCATE ON public.tire_checks FOR EACH STATEMENT EXECUTE FUNCTION tire_checks_daily_trg();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tire_checks_daily_upd ON public.tire_checks;
--> statement-breakpoint
CREATE TRIGGER tire_checks_daily_upd AFTER UPDATE OF performed_at, location_id, tireman_id, status, pic_sign, edp_sign, workshop_sign, returned_at ON public.tire_checks FOR EACH ROW WHEN (((old.performed_at IS DISTINCT FROM new.performed_at) OR (old.location_id IS DISTINCT FROM new.location_id) OR (old.tireman_id IS DISTINCT FROM new.tireman_id) OR (old.status IS DISTINCT FROM new.status) OR (old.pic_sign IS DISTINCT FROM new.pic_sign) OR (old.edp_sign IS DISTINCT FROM new.edp_sign) OR (old.workshop_sign IS DISTINCT FROM new.workshop_sign) OR (old.returned_at IS DISTINCT FROM new.returned_at))) EXECUTE FUNCTION tire_checks_daily_trg();
--> statement-breakpoint
-- the WS column counts a check only once its PIC and the EDP have signed (spec section 4): recount
SELECT report_rollups_rebuild();
