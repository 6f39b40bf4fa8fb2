-- Per ledger entry of an existing tire: in stock after it (1: received, removed or a status
-- UNINSTALLED/SPARE; 0: installed, scrapped or another status; other kinds carry the state over,
-- 0 before any) and the change from the entry before.
SELECT s.id AS event_id, s.tire_id, upper(t.size) AS size_key, upper(t.ir_brand) AS brand_key, s.created_at,
       s.after AS stock_after, s.after - coalesce(lag(s.after) OVER (PARTITION BY s.tire_id ORDER BY s.id), 0) AS stock_delta
  FROM (SELECT g.id, g.tire_id, g.created_at,
               coalesce(max(g.st) OVER (PARTITION BY g.tire_id, g.grp), 0) AS after
          FROM (SELECT e.id, e.tire_id, e.created_at, st.st,
                       count(st.st) OVER (PARTITION BY e.tire_id ORDER BY e.id) AS grp
                  FROM tire_events e
                  CROSS JOIN LATERAL (SELECT CASE
                    WHEN e.to_status IS NOT NULL THEN (CASE WHEN e.to_status IN ('UNINSTALLED', 'SPARE') THEN 1 ELSE 0 END)
                    WHEN e.kind IN ('received', 'removed') THEN 1
                    WHEN e.kind IN ('installed', 'scrapped') THEN 0
                  END AS st) st) g) s
  JOIN tires t ON t.id = s.tire_id
