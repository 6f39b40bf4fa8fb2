SELECT tire_stock_move_totals_rebuild();
