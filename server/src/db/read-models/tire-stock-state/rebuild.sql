-- Each tire's last ledger entry and the location of its last located entry (the document's).
DELETE FROM tire_stock_state;
INSERT INTO tire_stock_state (tire_id, last_event_id, location_id, location_event_id)
SELECT l.tire_id, l.last_id, loc.location_id, loc.id
  FROM (SELECT tire_id, max(id) AS last_id FROM tire_events GROUP BY tire_id) l
  LEFT JOIN (
    SELECT DISTINCT ON (e.tire_id) e.tire_id, e.id,
           coalesce(tc.location_id, tr.location_id, mm.location_id) AS location_id
      FROM tire_events e
      LEFT JOIN tire_checks tc ON e.source_type = 'tire-check' AND tc.id = e.source_id
      LEFT JOIN tire_replacements tr ON e.source_type = 'tire-replacement' AND tr.id = e.source_id
      LEFT JOIN mismatches mm ON e.source_type = 'mismatch' AND mm.id = e.source_id
     WHERE coalesce(tc.location_id, tr.location_id, mm.location_id) IS NOT NULL
     ORDER BY e.tire_id, e.id DESC) loc ON loc.tire_id = l.tire_id
 ORDER BY l.tire_id;
