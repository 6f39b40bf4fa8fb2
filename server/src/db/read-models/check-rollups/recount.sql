-- The checks per local day and per local month (report_timezone), location and tire man; a check
-- returned to the tire man and not yet sent again is not work done (rules/work-done.ts).
SELECT 'day' AS level, (c.performed_at AT TIME ZONE z.tz)::date AS bucket, c.location_id, c.tireman_id,
       count(*) AS n,
       count(*) FILTER (WHERE c.status = 'approved') AS approved,
       count(*) FILTER (WHERE c.pic_sign = '-') AS awaiting_pic,
       count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign = '-') AS awaiting_edp,
       count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-') AS awaiting_workshop
  FROM tire_checks c CROSS JOIN report_timezone z
 WHERE c.returned_at IS NULL
 GROUP BY 2, 3, 4
UNION ALL
SELECT 'month', date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id,
       count(*),
       count(*) FILTER (WHERE c.status = 'approved'),
       count(*) FILTER (WHERE c.pic_sign = '-'),
       count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign = '-'),
       count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')
  FROM tire_checks c CROSS JOIN report_timezone z
 WHERE c.returned_at IS NULL
 GROUP BY 2, 3, 4
