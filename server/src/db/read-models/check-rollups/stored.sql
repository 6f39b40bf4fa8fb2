SELECT 'day' AS level, day AS bucket, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop
  FROM tire_check_daily
 WHERE (n, approved, awaiting_pic, awaiting_edp, awaiting_workshop) <> (0, 0, 0, 0, 0)
UNION ALL
SELECT 'month', month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop
  FROM tire_check_monthly
 WHERE (n, approved, awaiting_pic, awaiting_edp, awaiting_workshop) <> (0, 0, 0, 0, 0)
