-- also refreshes warehouse_group_locations
SELECT warehouse_groups_rebuild();
