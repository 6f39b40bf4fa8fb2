-- The check rollups (tire_check_daily, tire_check_monthly, tire_check_unit_month) count a check on
-- the local day and month it was done (performed_at), no longer on the day the server received it
-- (created_at): a check done offline on Monday and sent on Wednesday counts on Monday. The
-- functions of 0013 and 0015 are replaced with performed_at in place of created_at, the update
-- triggers watch performed_at, and the rollups are rebuilt.
CREATE OR REPLACE FUNCTION "tire_check_daily_apply"(c "tire_checks", sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tire_check_daily AS d
    (day, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT (c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id, sign,
    sign * (c.status = 'approved')::int,
    sign * (c.pic_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')::int
    FROM report_timezone z
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
  ON CONFLICT (month, location_id, tireman_id) DO UPDATE SET
    n = m.n + excluded.n,
    approved = m.approved + excluded.approved,
    awaiting_pic = m.awaiting_pic + excluded.awaiting_pic,
    awaiting_edp = m.awaiting_edp + excluded.awaiting_edp,
    awaiting_workshop = m.awaiting_workshop + excluded.awaiting_workshop;
$$;
--> statement-breakpoint
DROP TRIGGER "tire_checks_daily_upd" ON "tire_checks";
--> statement-breakpoint
CREATE TRIGGER "tire_checks_daily_upd"
  AFTER UPDATE OF performed_at, location_id, tireman_id, status, pic_sign, edp_sign, workshop_sign ON "tire_checks"
  FOR EACH ROW WHEN (
    OLD.performed_at IS DISTINCT FROM NEW.performed_at OR OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.tireman_id IS DISTINCT FROM NEW.tireman_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.pic_sign IS DISTINCT FROM NEW.pic_sign OR OLD.edp_sign IS DISTINCT FROM NEW.edp_sign
    OR OLD.workshop_sign IS DISTINCT FROM NEW.workshop_sign)
  EXECUTE FUNCTION tire_checks_daily_trg();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tire_check_unit_month_add"(c "tire_checks") RETURNS void LANGUAGE sql AS $$
  INSERT INTO tire_check_unit_month AS m (month, unit_id, n, days)
  SELECT date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.unit_id, 1,
         1 << (extract(day FROM c.performed_at AT TIME ZONE z.tz)::int - 1)
    FROM report_timezone z
  ON CONFLICT (month, unit_id) DO UPDATE SET n = m.n + 1, days = m.days | excluded.days
$$;
--> statement-breakpoint
-- p_at: the performed_at of the removed or moved check (the month to count again).
CREATE OR REPLACE FUNCTION "tire_check_unit_month_recount"(p_unit integer, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
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
     AND performed_at >= m::timestamp AT TIME ZONE zone
     AND performed_at < (m + interval '1 month')::timestamp AT TIME ZONE zone;
  IF cnt = 0 THEN
    DELETE FROM tire_check_unit_month WHERE month = m AND unit_id = p_unit;
  ELSE
    UPDATE tire_check_unit_month SET n = cnt, days = mask WHERE month = m AND unit_id = p_unit;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tire_checks_unit_month_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
DROP TRIGGER "tire_checks_unit_month_upd" ON "tire_checks";
--> statement-breakpoint
CREATE TRIGGER "tire_checks_unit_month_upd" AFTER UPDATE OF unit_id, performed_at ON "tire_checks"
  FOR EACH ROW WHEN (OLD.unit_id IS DISTINCT FROM NEW.unit_id OR OLD.performed_at IS DISTINCT FROM NEW.performed_at)
  EXECUTE FUNCTION tire_checks_unit_month_trg();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tire_check_unit_month_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM tire_check_unit_month;
  INSERT INTO tire_check_unit_month (month, unit_id, n, days)
  SELECT date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.unit_id, count(*),
         bit_or(1 << (extract(day FROM c.performed_at AT TIME ZONE z.tz)::int - 1))
    FROM tire_checks c CROSS JOIN report_timezone z
   GROUP BY 1, 2
   -- a month's rows together, as the trigger writes them on a live system
   ORDER BY 1, 2;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rollups_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM tire_check_daily;
  DELETE FROM tire_check_monthly;
  INSERT INTO tire_check_daily (day, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT (c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id, count(*),
         count(*) FILTER (WHERE c.status = 'approved'),
         count(*) FILTER (WHERE c.pic_sign = '-'),
         count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign = '-'),
         count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')
    FROM tire_checks c CROSS JOIN report_timezone z
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
$$;
--> statement-breakpoint
SELECT report_rollups_rebuild();
