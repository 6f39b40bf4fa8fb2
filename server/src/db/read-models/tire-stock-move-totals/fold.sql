-- Adds the committed deltas up into tire_stock_move_totals (run by the server's fold loop).
WITH d AS (DELETE FROM tire_stock_move_deltas RETURNING size_key, brand_key, n, stock)
INSERT INTO tire_stock_move_totals AS t (size_key, brand_key, n, stock)
SELECT size_key, brand_key, sum(n), sum(stock) FROM d GROUP BY size_key, brand_key
ON CONFLICT (size_key, brand_key) DO UPDATE SET n = t.n + excluded.n, stock = t.stock + excluded.stock;
