SELECT location_id, location_name, groups, groups_uninstalled, groups_spare, uninstalled, spare
  FROM warehouse_group_locations
