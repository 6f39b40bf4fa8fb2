-- Rows per key: replacements by status, QC checks, active unit tires by status, the EDP queue.
SELECT 'tire_replacements:' || status AS key, count(*) AS n FROM tire_replacements GROUP BY status
UNION ALL
SELECT 'qc_checks', count(*) FROM qc_checks HAVING count(*) > 0
UNION ALL
SELECT 'active_unit_tires:' || status, count(*) FROM active_unit_tires GROUP BY status
UNION ALL
SELECT 'tire_checks:queue', count(*) FROM tire_checks WHERE edp_sign = '-' AND returned_at IS NULL HAVING count(*) > 0
