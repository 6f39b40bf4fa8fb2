SELECT tire_id, status, size, ir_brand, serial_number, location_id, location_name FROM warehouse_stock
