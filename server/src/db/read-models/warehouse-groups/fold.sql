-- Adds the committed deltas up into warehouse_groups, drops the groups left empty and refreshes
-- the per-location copy (run by the server's fold loop).
WITH d AS (DELETE FROM warehouse_group_deltas
           RETURNING location_id, location_name, size, ir_brand, uninstalled, spare)
INSERT INTO warehouse_groups AS g (location_id, location_name, size, ir_brand, uninstalled, spare)
SELECT location_id, location_name, size, ir_brand, sum(uninstalled), sum(spare)
  FROM d GROUP BY location_id, location_name, size, ir_brand
ON CONFLICT (location_name, location_id, size, ir_brand) DO UPDATE
  SET uninstalled = g.uninstalled + excluded.uninstalled, spare = g.spare + excluded.spare;
DELETE FROM warehouse_groups WHERE uninstalled = 0 AND spare = 0;
SELECT warehouse_group_locations_refresh();
