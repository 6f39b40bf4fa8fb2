SELECT tire_last_condition_rebuild();
