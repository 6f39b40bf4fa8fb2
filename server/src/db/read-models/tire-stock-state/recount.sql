-- Per tire with ledger entries: the last one, and the last one whose document has a location.
SELECT t.id AS tire_id, le.id AS last_event_id, loc.location_id, loc.id AS location_event_id
  FROM tires t
  JOIN LATERAL (SELECT e.id FROM tire_events e WHERE e.tire_id = t.id ORDER BY e.id DESC LIMIT 1) le ON true
  LEFT JOIN LATERAL (
    SELECT x.id, x.location_id
      FROM (SELECT e.id, CASE e.source_type
                   WHEN 'tire-check' THEN (SELECT c.location_id FROM tire_checks c WHERE c.id = e.source_id)
                   WHEN 'tire-replacement' THEN (SELECT r.location_id FROM tire_replacements r WHERE r.id = e.source_id)
                   WHEN 'mismatch' THEN (SELECT m.location_id FROM mismatches m WHERE m.id = e.source_id)
                 END AS location_id
              FROM tire_events e
             WHERE e.tire_id = t.id) x
     WHERE x.location_id IS NOT NULL
     ORDER BY x.id DESC LIMIT 1) loc ON true
