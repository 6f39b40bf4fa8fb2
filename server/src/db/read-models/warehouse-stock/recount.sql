-- The tires in stock with the location of their last located ledger entry and its name.
SELECT t.id AS tire_id, t.status, t.size, t.ir_brand, t.serial_number, ss.location_id, l.name AS location_name
  FROM tires t
  LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
  LEFT JOIN locations l ON l.id = ss.location_id
 WHERE t.status IN ('UNINSTALLED', 'SPARE')
