SELECT tire_id, event_id, created_at, note FROM tire_scrap_event
