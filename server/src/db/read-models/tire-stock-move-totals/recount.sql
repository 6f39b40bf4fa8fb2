-- Entries and the sum of their stock changes per size/brand key of the stock card.
SELECT size_key, brand_key, count(*) AS n, sum(stock_delta) AS stock
  FROM tire_stock_moves
 GROUP BY 1, 2
