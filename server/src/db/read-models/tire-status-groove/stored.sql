-- the folded counts plus the pending deltas, as tires/tire-summary.ts reads them
SELECT status, groove, sum(n) AS n
  FROM (SELECT status, groove, n FROM tire_status_groove
        UNION ALL
        SELECT status, groove, n FROM tire_status_groove_delta) x
 GROUP BY 1, 2
HAVING sum(n) <> 0
