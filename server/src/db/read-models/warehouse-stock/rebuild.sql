SELECT warehouse_stock_rebuild();
