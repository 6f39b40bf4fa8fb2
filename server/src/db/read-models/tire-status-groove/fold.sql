-- Adds the committed deltas up into tire_status_groove (run by the server's fold loop).
WITH d AS (DELETE FROM tire_status_groove_delta RETURNING status, groove, n)
INSERT INTO tire_status_groove AS s (status, groove, n)
SELECT status, groove, sum(n) FROM d GROUP BY status, groove
ON CONFLICT (status, groove) DO UPDATE SET n = s.n + excluded.n;
