-- Stock tires per location (and its name), size and brand, by status.
SELECT ss.location_id, l.name AS location_name, t.size, t.ir_brand,
       count(*) FILTER (WHERE t.status = 'UNINSTALLED') AS uninstalled,
       count(*) FILTER (WHERE t.status = 'SPARE') AS spare
  FROM tires t
  LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
  LEFT JOIN locations l ON l.id = ss.location_id
 WHERE t.status IN ('UNINSTALLED', 'SPARE')
 GROUP BY 1, 2, 3, 4
