CREATE OR REPLACE FUNCTION public.tire_status_groove_key(g real)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT coalesce(floor(g)::smallint, -1::smallint)
$function$;

CREATE OR REPLACE FUNCTION public.tire_status_groove_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_status_groove;
    DELETE FROM tire_status_groove_delta;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO tire_status_groove_delta (status, groove, n)
    VALUES (OLD.status, tire_status_groove_key(OLD.groove_lowest), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO tire_status_groove_delta (status, groove, n)
    VALUES (NEW.status, tire_status_groove_key(NEW.groove_lowest), 1);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_status_groove_stmt_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.tire_status_groove_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_status_groove_delta;
  DELETE FROM tire_status_groove;
  INSERT INTO tire_status_groove (status, groove, n)
  SELECT status, tire_status_groove_key(groove_lowest), count(*) FROM tires GROUP BY 1, 2;
$function$;

DROP TRIGGER IF EXISTS tires_status_groove_del ON public.tires;
CREATE TRIGGER tires_status_groove_del AFTER DELETE ON public.tires REFERENCING OLD TABLE AS old_tires FOR EACH STATEMENT EXECUTE FUNCTION tire_status_groove_stmt_trg();

DROP TRIGGER IF EXISTS tires_status_groove_ins ON public.tires;
CREATE TRIGGER tires_status_groove_ins AFTER INSERT ON public.tires REFERENCING NEW TABLE AS new_tires FOR EACH STATEMENT EXECUTE FUNCTION tire_status_groove_stmt_trg();

DROP TRIGGER IF EXISTS tires_status_groove_truncate ON public.tires;
CREATE TRIGGER tires_status_groove_truncate AFTER TRUNCATE ON public.tires FOR EACH STATEMENT EXECUTE FUNCTION tire_status_groove_trg();

DROP TRIGGER IF EXISTS tires_status_groove_upd ON public.tires;
CREATE TRIGGER tires_status_groove_upd AFTER UPDATE OF status, groove_lowest ON public.tires FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (tire_status_groove_key(old.groove_lowest) IS DISTINCT FROM tire_status_groove_key(new.groove_lowest)))) EXECUTE FUNCTION tire_status_groove_trg();
