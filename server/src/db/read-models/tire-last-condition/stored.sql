SELECT tire_id, tire_check_id, record_id, performed_at, condition FROM tire_last_condition
