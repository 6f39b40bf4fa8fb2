-- Per unit and local month (report_timezone): its checks done (not returned and waiting to be
-- sent again, rules/work-done.ts) and the bit mask of their local days.
SELECT date_trunc('month', c.performed_at AT TIME ZONE z.tz)::date AS month, c.unit_id, count(*) AS n,
       bit_or(1 << (extract(day FROM c.performed_at AT TIME ZONE z.tz)::int - 1)) AS days
  FROM tire_checks c CROSS JOIN report_timezone z
 WHERE c.returned_at IS NULL
 GROUP BY 1, 2
