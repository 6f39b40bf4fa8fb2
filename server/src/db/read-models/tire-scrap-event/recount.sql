-- Per tire, its last scrap entry in the ledger (kind scrapped, or a status change to SCRAP).
SELECT DISTINCT ON (e.tire_id) e.tire_id, e.id AS event_id, e.created_at, e.note
  FROM tire_events e
 WHERE e.kind = 'scrapped' OR (e.kind = 'status' AND e.to_status = 'SCRAP')
 ORDER BY e.tire_id, e.id DESC
