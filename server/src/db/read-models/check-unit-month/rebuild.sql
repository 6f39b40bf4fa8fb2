SELECT tire_check_unit_month_rebuild();
