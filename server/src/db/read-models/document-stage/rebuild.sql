-- Writes each document's stage as recount.sql derives it, touching only the rows that differ.
UPDATE tire_checks c SET stage = s.stage
  FROM (SELECT c2.id,
               CASE WHEN c2.status = 'approved' AND c2.workshop_sign <> '-' THEN 'workshop_signed'
                    WHEN c2.status = 'approved' THEN 'validated'
                    WHEN c2.returned_at IS NOT NULL THEN 'returned'
                    WHEN EXISTS (SELECT 1 FROM submission_returns r WHERE r.kind = 'tire-check' AND r.record_id = c2.id)
                      THEN 'resubmitted'
                    ELSE 'sent' END AS stage
          FROM tire_checks c2) s
 WHERE s.id = c.id AND c.stage IS DISTINCT FROM s.stage;
UPDATE tire_replacements x SET stage = s.stage
  FROM (SELECT x2.id,
               CASE WHEN x2.status = 'approved' AND x2.workshop_sign <> '-' THEN 'workshop_signed'
                    WHEN x2.status = 'approved' THEN 'validated'
                    WHEN x2.returned_at IS NOT NULL THEN 'returned'
                    WHEN EXISTS (SELECT 1 FROM submission_returns r WHERE r.kind = 'tire-replacement' AND r.record_id = x2.id)
                      THEN 'resubmitted'
                    ELSE 'sent' END AS stage
          FROM tire_replacements x2) s
 WHERE s.id = x.id AND x.stage IS DISTINCT FROM s.stage;
UPDATE mismatches SET stage = CASE WHEN status = 'approved' THEN 'validated' ELSE 'sent' END
 WHERE stage IS DISTINCT FROM CASE WHEN status = 'approved' THEN 'validated' ELSE 'sent' END;
