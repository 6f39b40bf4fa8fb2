SELECT tire_id, last_event_id, location_id, location_event_id FROM tire_stock_state
