SELECT month, unit_id, n, days FROM tire_check_unit_month
