SELECT warehouse_group_locations_refresh();
