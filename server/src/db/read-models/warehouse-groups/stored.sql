-- the folded groups plus the pending deltas, as the Warehouse reads them (stock/warehouse.queries.ts)
SELECT location_id, location_name, size, ir_brand, sum(uninstalled) AS uninstalled, sum(spare) AS spare
  FROM (SELECT location_id, location_name, size, ir_brand, uninstalled, spare FROM warehouse_groups
        UNION ALL
        SELECT location_id, location_name, size, ir_brand, uninstalled, spare FROM warehouse_group_deltas) x
 GROUP BY 1, 2, 3, 4
HAVING sum(uninstalled) <> 0 OR sum(spare) <> 0
