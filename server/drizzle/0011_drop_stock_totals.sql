-- The stored entries/sum per size and brand were one row that every ledger write updated: two
-- validations writing tires of two sizes in opposite order deadlocked (found by the benchmark's
-- parallel validate replay), and every validation of a size queued on that row. The stock card
-- now counts from its covering index instead.
DROP TRIGGER "tire_stock_moves_totals_ins" ON "tire_stock_moves";--> statement-breakpoint
DROP TRIGGER "tire_stock_moves_totals_upd" ON "tire_stock_moves";--> statement-breakpoint
DROP TRIGGER "tire_stock_moves_totals_del" ON "tire_stock_moves";--> statement-breakpoint
DROP TRIGGER "tire_stock_moves_totals_truncate" ON "tire_stock_moves";--> statement-breakpoint
DROP FUNCTION "tire_stock_totals_trg"();--> statement-breakpoint
DROP FUNCTION "tire_stock_totals_apply"(text, text, integer, integer);--> statement-breakpoint
DROP TABLE "tire_stock_totals" CASCADE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tire_stock_moves_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_stock_moves;
    RETURN NULL;
  END IF;
  PERFORM tire_stock_moves_rebuild(OLD.tire_id);
  IF TG_OP = 'UPDATE' AND NEW.tire_id <> OLD.tire_id THEN
    PERFORM tire_stock_moves_rebuild(NEW.tire_id);
  END IF;
  RETURN NULL;
END
$$;
