-- The checks per local day and per local month (report_timezone), location and tire man.
SELECT 'day' AS level, (c.performed_at AT TIME ZONE z.tz)::date AS bucket, c.location_id, c.tireman_id,
       count(*) AS n,
       count(*) FILTER (WHERE c.status = 'approved') AS approved,
       count(*) FILTER (WHERE c.pic_sign = '-') AS awaiting_pic,
       count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign = '-') AS awaiting_edp,
       count(*) FILTER (WHERE c.status = 'approved' AND c.workshop_sign = '-') AS awaiting_workshop
  FROM tire_checks c CROSS JOIN report_timezone z
 GROUP BY 2, 3, 4
UNION ALL
SELECT 'month', date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date, c.location_id, c.tireman_id,
       count(*),
       count(*) FILTER (WHERE c.status = 'approved'),
       count(*) FILTER (WHERE c.pic_sign = '-'),
       count(*) FILTER (WHERE c.pic_sign <> '-' AND c.edp_sign = '-'),
       count(*) FILTER (WHERE c.status = 'approved' AND c.workshop_sign = '-')
  FROM tire_checks c CROSS JOIN report_timezone z
 GROUP BY 2, 3, 4
