SELECT 'tire-check' AS kind, id, stage FROM tire_checks
UNION ALL
SELECT 'tire-replacement', id, stage FROM tire_replacements
UNION ALL
SELECT 'mismatch', id, stage FROM mismatches
