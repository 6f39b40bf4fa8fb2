-- The scrapped tires with the time and note of their last scrap entry in the ledger.
SELECT t.id AS tire_id, t.serial_number, t.ir_brand, t.ori_brand, t.size, t.pattern, t.condition,
       se.created_at AS scrapped_at, coalesce(se.note, '') AS scrap_note
  FROM tires t
  LEFT JOIN LATERAL (
    SELECT e.created_at, e.note FROM tire_events e
     WHERE e.tire_id = t.id AND (e.kind = 'scrapped' OR (e.kind = 'status' AND e.to_status = 'SCRAP'))
     ORDER BY e.id DESC LIMIT 1) se ON true
 WHERE t.status = 'SCRAP'
