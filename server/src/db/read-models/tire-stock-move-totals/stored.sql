-- the folded totals plus the pending deltas, as stock/stock-card.queries.ts reads them
SELECT size_key, brand_key, sum(n) AS n, sum(stock) AS stock
  FROM (SELECT size_key, brand_key, n, stock FROM tire_stock_move_totals
        UNION ALL
        SELECT size_key, brand_key, n, stock FROM tire_stock_move_deltas) x
 GROUP BY 1, 2
HAVING sum(n) <> 0 OR sum(stock) <> 0
