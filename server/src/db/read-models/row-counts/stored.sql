-- the folded counts plus the pending deltas, as lib/row-counts.ts reads them
SELECT key, sum(n) AS n
  FROM (SELECT key, n FROM row_counts UNION ALL SELECT key, n FROM row_count_deltas) x
 GROUP BY 1
HAVING sum(n) <> 0
