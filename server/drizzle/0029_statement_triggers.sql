-- Bulk inserts (an import of 5,000 tires, the empty wheel slots of 5,000 imported units) fired one
-- row trigger per row: a delta row or a one-tire refresh each, most of an import's time. Inserts and
-- deletes now fire once per statement over its transition table and write one grouped delta per
-- key (or one set-based upsert). Updates stay row triggers: a transition table cannot go with the
-- column list they watch, and the app updates these rows one at a time.

-- Row counts: one delta per key per statement.
CREATE FUNCTION "row_count_stmt_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := CASE WHEN TG_NARGS = 0 THEN NULL ELSE TG_ARGV[0] END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_count_deltas (key, n)
    SELECT k, count(*) FROM (
      SELECT CASE WHEN col IS NULL THEN TG_TABLE_NAME
                  ELSE TG_TABLE_NAME || ':' || coalesce(to_jsonb(r) ->> col, '') END AS k
        FROM new_rows r) s
     GROUP BY k;
  ELSE
    INSERT INTO row_count_deltas (key, n)
    SELECT k, -count(*) FROM (
      SELECT CASE WHEN col IS NULL THEN TG_TABLE_NAME
                  ELSE TG_TABLE_NAME || ':' || coalesce(to_jsonb(r) ->> col, '') END AS k
        FROM old_rows r) s
     GROUP BY k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "tire_replacements_row_count" ON "tire_replacements";
--> statement-breakpoint
CREATE TRIGGER "tire_replacements_row_count_ins" AFTER INSERT ON "tire_replacements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');
--> statement-breakpoint
CREATE TRIGGER "tire_replacements_row_count_del" AFTER DELETE ON "tire_replacements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');
--> statement-breakpoint
DROP TRIGGER "qc_checks_row_count" ON "qc_checks";
--> statement-breakpoint
CREATE TRIGGER "qc_checks_row_count_ins" AFTER INSERT ON "qc_checks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg();
--> statement-breakpoint
CREATE TRIGGER "qc_checks_row_count_del" AFTER DELETE ON "qc_checks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg();
--> statement-breakpoint
DROP TRIGGER "active_unit_tires_row_count" ON "active_unit_tires";
--> statement-breakpoint
CREATE TRIGGER "active_unit_tires_row_count_ins" AFTER INSERT ON "active_unit_tires"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');
--> statement-breakpoint
CREATE TRIGGER "active_unit_tires_row_count_del" AFTER DELETE ON "active_unit_tires"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_count_stmt_trg('status');
--> statement-breakpoint
-- Tires by status and groove: one grouped delta per statement.
CREATE FUNCTION "tire_status_groove_stmt_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tire_status_groove_delta (status, groove, n)
    SELECT status, tire_status_groove_key(groove_lowest), count(*) FROM new_tires GROUP BY 1, 2;
  ELSE
    INSERT INTO tire_status_groove_delta (status, groove, n)
    SELECT status, tire_status_groove_key(groove_lowest), -count(*) FROM old_tires GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "tires_status_groove_ins_del" ON "tires";
--> statement-breakpoint
CREATE TRIGGER "tires_status_groove_ins" AFTER INSERT ON "tires"
  REFERENCING NEW TABLE AS new_tires FOR EACH STATEMENT EXECUTE FUNCTION tire_status_groove_stmt_trg();
--> statement-breakpoint
CREATE TRIGGER "tires_status_groove_del" AFTER DELETE ON "tires"
  REFERENCING OLD TABLE AS old_tires FOR EACH STATEMENT EXECUTE FUNCTION tire_status_groove_stmt_trg();
--> statement-breakpoint
-- New tires in stock: their warehouse rows in one upsert (same row as warehouse_stock_refresh).
CREATE FUNCTION "warehouse_stock_tires_ins_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO warehouse_stock AS w (tire_id, status, size, ir_brand, serial_number, location_id, location_name)
  SELECT t.id, t.status, t.size, t.ir_brand, t.serial_number, ss.location_id, l.name
    FROM new_tires t
    LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
    LEFT JOIN locations l ON l.id = ss.location_id
   WHERE t.status IN ('UNINSTALLED', 'SPARE')
  ON CONFLICT (tire_id) DO UPDATE SET
    status = excluded.status, size = excluded.size, ir_brand = excluded.ir_brand,
    serial_number = excluded.serial_number, location_id = excluded.location_id,
    location_name = excluded.location_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "tires_warehouse_stock_ins" ON "tires";
--> statement-breakpoint
CREATE TRIGGER "tires_warehouse_stock_ins" AFTER INSERT ON "tires"
  REFERENCING NEW TABLE AS new_tires FOR EACH STATEMENT EXECUTE FUNCTION warehouse_stock_tires_ins_trg();
--> statement-breakpoint
-- New scrapped tires (an import may carry them): their scrap rows in one upsert (same row as
-- scrap_tires_refresh).
CREATE FUNCTION "scrap_tires_tires_ins_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scrap_tires AS s
    (tire_id, serial_number, ir_brand, ori_brand, size, pattern, condition, scrapped_at, scrap_note)
  SELECT t.id, t.serial_number, t.ir_brand, t.ori_brand, t.size, t.pattern, t.condition,
         se.created_at, coalesce(se.note, '')
    FROM new_tires t
    LEFT JOIN tire_scrap_event se ON se.tire_id = t.id
   WHERE t.status = 'SCRAP'
  ON CONFLICT (tire_id) DO UPDATE SET
    serial_number = excluded.serial_number, ir_brand = excluded.ir_brand, ori_brand = excluded.ori_brand,
    size = excluded.size, pattern = excluded.pattern, condition = excluded.condition,
    scrapped_at = excluded.scrapped_at, scrap_note = excluded.scrap_note;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "tires_scrap_tires_ins" ON "tires";
--> statement-breakpoint
CREATE TRIGGER "tires_scrap_tires_ins" AFTER INSERT ON "tires"
  REFERENCING NEW TABLE AS new_tires FOR EACH STATEMENT EXECUTE FUNCTION scrap_tires_tires_ins_trg();
--> statement-breakpoint
-- Stock states written or removed by one statement (the ledger's own statement trigger writes one
-- per tire of an import): their warehouse rows follow in one update.
CREATE FUNCTION "warehouse_stock_location_stmt_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE warehouse_stock w SET location_id = n.location_id, location_name = l.name
      FROM new_states n
      LEFT JOIN locations l ON l.id = n.location_id
     WHERE w.tire_id = n.tire_id AND w.location_id IS DISTINCT FROM n.location_id;
  ELSE
    UPDATE warehouse_stock w SET location_id = NULL, location_name = NULL
      FROM old_states o
     WHERE w.tire_id = o.tire_id AND w.location_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "tire_stock_state_warehouse_ins_del" ON "tire_stock_state";
--> statement-breakpoint
CREATE TRIGGER "tire_stock_state_warehouse_ins" AFTER INSERT ON "tire_stock_state"
  REFERENCING NEW TABLE AS new_states FOR EACH STATEMENT EXECUTE FUNCTION warehouse_stock_location_stmt_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_state_warehouse_del" AFTER DELETE ON "tire_stock_state"
  REFERENCING OLD TABLE AS old_states FOR EACH STATEMENT EXECUTE FUNCTION warehouse_stock_location_stmt_trg();
