-- The summary's WS column (awaiting_workshop in tire_check_daily and tire_check_monthly) counts what
-- awaits the workshop signature on Tanda Tangan Workshop: validated (status 'approved') and without
-- a workshop signature, whatever the PIC signature says. Until now it counted checks with the PIC
-- and EDP signatures and no workshop signature, so a check validated without a PIC signature never
-- showed, and nothing could ever leave the column. The rollup's update trigger
-- (tire_checks_daily_upd, 0026) already fires on status and workshop_sign. The two functions of
-- 0026 are replaced with the new term, and the rollups are rebuilt.
CREATE OR REPLACE FUNCTION "tire_check_daily_apply"(c "tire_checks", sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tire_check_daily AS d
    (day, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  SELECT (c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id, sign,
    sign * (c.status = 'approved')::int,
    sign * (c.pic_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign = '-')::int,
    sign * (c.status = 'approved' AND c.workshop_sign = '-')::int
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
    sign * (c.status = 'approved' AND c.workshop_sign = '-')::int
    FROM report_timezone z
  ON CONFLICT (month, location_id, tireman_id) DO UPDATE SET
    n = m.n + excluded.n,
    approved = m.approved + excluded.approved,
    awaiting_pic = m.awaiting_pic + excluded.awaiting_pic,
    awaiting_edp = m.awaiting_edp + excluded.awaiting_edp,
    awaiting_workshop = m.awaiting_workshop + excluded.awaiting_workshop;
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
         count(*) FILTER (WHERE c.status = 'approved' AND c.workshop_sign = '-')
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
