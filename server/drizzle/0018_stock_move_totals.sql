CREATE TABLE "tire_stock_move_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tire_stock_move_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"size_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"n" integer NOT NULL,
	"stock" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tire_stock_move_totals" (
	"size_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"stock" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tire_stock_move_totals_size_key_brand_key_pk" PRIMARY KEY("size_key","brand_key")
);
--> statement-breakpoint
CREATE INDEX "warehouse_stock_size_idx" ON "warehouse_stock" USING btree (upper("size"));--> statement-breakpoint
CREATE INDEX "warehouse_stock_brand_idx" ON "warehouse_stock" USING btree (upper("ir_brand"));--> statement-breakpoint
-- Per statement, from its transition tables: -entries/-changes of the old rows' keys and
-- +entries/+changes of the new rows' keys, appended (no shared row is updated).
CREATE FUNCTION "tire_stock_move_deltas_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_stock_move_totals;
    DELETE FROM tire_stock_move_deltas;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO tire_stock_move_deltas (size_key, brand_key, n, stock)
    SELECT size_key, brand_key, -count(*), -sum(stock_delta) FROM old_moves GROUP BY 1, 2;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO tire_stock_move_deltas (size_key, brand_key, n, stock)
    SELECT size_key, brand_key, count(*), sum(stock_delta) FROM new_moves GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_deltas_ins" AFTER INSERT ON "tire_stock_moves"
  REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_deltas_upd" AFTER UPDATE ON "tire_stock_moves"
  REFERENCING OLD TABLE AS old_moves NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_deltas_del" AFTER DELETE ON "tire_stock_moves"
  REFERENCING OLD TABLE AS old_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_deltas_truncate" AFTER TRUNCATE ON "tire_stock_moves"
  FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();
--> statement-breakpoint
-- The totals from the entries: here, and after a bulk load that bypassed the triggers.
CREATE FUNCTION "tire_stock_move_totals_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM tire_stock_move_deltas;
  DELETE FROM tire_stock_move_totals;
  INSERT INTO tire_stock_move_totals (size_key, brand_key, n, stock)
  SELECT size_key, brand_key, count(*), sum(stock_delta) FROM tire_stock_moves GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT tire_stock_move_totals_rebuild();
