-- Each document's stage from its facts and its Return history: approved (and workshop-signed),
-- returned, sent again after a Return, or sent.
SELECT 'tire-check' AS kind, c.id,
       CASE WHEN c.status = 'approved' AND c.workshop_sign <> '-' THEN 'workshop_signed'
            WHEN c.status = 'approved' THEN 'validated'
            WHEN c.returned_at IS NOT NULL THEN 'returned'
            WHEN EXISTS (SELECT 1 FROM submission_returns r WHERE r.kind = 'tire-check' AND r.record_id = c.id)
              THEN 'resubmitted'
            ELSE 'sent' END AS stage
  FROM tire_checks c
UNION ALL
SELECT 'tire-replacement', x.id,
       CASE WHEN x.status = 'approved' AND x.workshop_sign <> '-' THEN 'workshop_signed'
            WHEN x.status = 'approved' THEN 'validated'
            WHEN x.returned_at IS NOT NULL THEN 'returned'
            WHEN EXISTS (SELECT 1 FROM submission_returns r WHERE r.kind = 'tire-replacement' AND r.record_id = x.id)
              THEN 'resubmitted'
            ELSE 'sent' END
  FROM tire_replacements x
UNION ALL
SELECT 'mismatch', m.id, CASE WHEN m.status = 'approved' THEN 'validated' ELSE 'sent' END
  FROM mismatches m
