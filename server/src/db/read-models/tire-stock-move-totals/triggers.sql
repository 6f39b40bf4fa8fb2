CREATE OR REPLACE FUNCTION public.tire_stock_move_deltas_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_move_totals_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_stock_move_deltas;
  DELETE FROM tire_stock_move_totals;
  INSERT INTO tire_stock_move_totals (size_key, brand_key, n, stock)
  SELECT size_key, brand_key, count(*), sum(stock_delta) FROM tire_stock_moves GROUP BY 1, 2;
$function$;

DROP TRIGGER IF EXISTS tire_stock_moves_deltas_del ON public.tire_stock_moves;
CREATE TRIGGER tire_stock_moves_deltas_del AFTER DELETE ON public.tire_stock_moves REFERENCING OLD TABLE AS old_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();

DROP TRIGGER IF EXISTS tire_stock_moves_deltas_ins ON public.tire_stock_moves;
CREATE TRIGGER tire_stock_moves_deltas_ins AFTER INSERT ON public.tire_stock_moves REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();

DROP TRIGGER IF EXISTS tire_stock_moves_deltas_truncate ON public.tire_stock_moves;
CREATE TRIGGER tire_stock_moves_deltas_truncate AFTER TRUNCATE ON public.tire_stock_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();

DROP TRIGGER IF EXISTS tire_stock_moves_deltas_upd ON public.tire_stock_moves;
CREATE TRIGGER tire_stock_moves_deltas_upd AFTER UPDATE ON public.tire_stock_moves REFERENCING OLD TABLE AS old_moves NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_move_deltas_trg();
