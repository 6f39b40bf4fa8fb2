SELECT event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta FROM tire_stock_moves
