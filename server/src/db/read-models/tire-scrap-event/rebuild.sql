SELECT tire_scrap_event_rebuild();
