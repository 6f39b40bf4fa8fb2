-- Per ledger entry: the tire's size/brand key, and its in-stock state after the entry (carried over
-- entries that do not change it) with the change from the entry before.
DELETE FROM tire_stock_moves;
INSERT INTO tire_stock_moves (event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta)
SELECT s.id, s.tire_id, upper(t.size), upper(t.ir_brand), s.created_at, s.after,
       s.after - coalesce(lag(s.after) OVER (PARTITION BY s.tire_id ORDER BY s.id), 0)
  FROM (SELECT g.id, g.tire_id, g.created_at,
               coalesce(max(g.st) OVER (PARTITION BY g.tire_id, g.grp), 0)::smallint AS after
          FROM (SELECT e.id, e.tire_id, e.created_at, tire_event_stock_state(e) AS st,
                       count(tire_event_stock_state(e)) OVER (PARTITION BY e.tire_id ORDER BY e.id) AS grp
                  FROM tire_events e) g) s
  JOIN tires t ON t.id = s.tire_id
 ORDER BY s.created_at, s.id;
