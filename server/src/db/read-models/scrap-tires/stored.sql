SELECT tire_id, serial_number, ir_brand, ori_brand, size, pattern, condition, scrapped_at, scrap_note FROM scrap_tires
