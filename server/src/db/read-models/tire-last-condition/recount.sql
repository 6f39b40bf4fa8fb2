-- Per tire, its latest validated check record: newest by performed_at, then check id, then record id.
SELECT DISTINCT ON (r.tire_id) r.tire_id, c.id AS tire_check_id, r.id AS record_id, c.performed_at, r.condition
  FROM tire_check_records r
  JOIN tire_checks c ON c.id = r.tire_check_id
 WHERE c.status = 'approved' AND r.tire_id IS NOT NULL
 ORDER BY r.tire_id, c.performed_at DESC, c.id DESC, r.id DESC
