SELECT tire_status_groove_rebuild();
