-- Per location, its groups with stock as folded into warehouse_groups (this copy is refreshed at
-- each fold, so pending deltas are not in it yet).
SELECT location_id, location_name, count(*) AS groups, count(*) FILTER (WHERE uninstalled > 0) AS groups_uninstalled,
       count(*) FILTER (WHERE spare > 0) AS groups_spare, sum(uninstalled) AS uninstalled, sum(spare) AS spare
  FROM warehouse_groups
 WHERE uninstalled + spare > 0
 GROUP BY 1, 2
