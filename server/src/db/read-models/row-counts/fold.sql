-- Adds the committed deltas up into row_counts (run by the server's fold loop).
WITH d AS (DELETE FROM row_count_deltas RETURNING key, n)
INSERT INTO row_counts AS c (key, n)
SELECT key, sum(n) FROM d GROUP BY key
ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
