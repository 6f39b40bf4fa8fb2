-- The tires' rows recomputed from their validated check records (after a check leaves 'approved',
-- moves in time, or loses the record a row points at).
CREATE OR REPLACE FUNCTION public.tire_last_condition_refresh(tids integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_last_condition WHERE tire_id = ANY (tids);
  INSERT INTO tire_last_condition (tire_id, tire_check_id, record_id, performed_at, condition)
  SELECT DISTINCT ON (r.tire_id) r.tire_id, c.id, r.id, c.performed_at, r.condition
    FROM tire_check_records r
    JOIN tire_checks c ON c.id = r.tire_check_id
   WHERE r.tire_id = ANY (tids) AND c.status = 'approved'
     AND EXISTS (SELECT 1 FROM tires t WHERE t.id = r.tire_id)
   ORDER BY r.tire_id, c.performed_at DESC, c.id DESC, r.id DESC;
$function$;

-- A validation: each record of the check takes its tire's row when it is newer (a check validated
-- late for an older day leaves a newer row alone). One indexed upsert per tire, no scan.
CREATE OR REPLACE FUNCTION public.tire_last_condition_raise(check_id integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO tire_last_condition AS s (tire_id, tire_check_id, record_id, performed_at, condition)
  SELECT DISTINCT ON (r.tire_id) r.tire_id, c.id, r.id, c.performed_at, r.condition
    FROM tire_check_records r
    JOIN tire_checks c ON c.id = r.tire_check_id
   WHERE c.id = check_id AND c.status = 'approved' AND r.tire_id IS NOT NULL
   ORDER BY r.tire_id, r.id DESC
  ON CONFLICT (tire_id) DO UPDATE
    SET tire_check_id = excluded.tire_check_id, record_id = excluded.record_id,
        performed_at = excluded.performed_at, condition = excluded.condition
    WHERE (excluded.performed_at, excluded.tire_check_id, excluded.record_id) > (s.performed_at, s.tire_check_id, s.record_id);
$function$;

CREATE OR REPLACE FUNCTION public.tire_last_condition_check_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.status = 'approved' THEN
    -- its records may have been their tires' latest: recount those tires
    PERFORM tire_last_condition_refresh(ARRAY(
      SELECT r.tire_id FROM tire_check_records r WHERE r.tire_check_id = NEW.id AND r.tire_id IS NOT NULL));
  ELSIF NEW.status = 'approved' THEN
    PERFORM tire_last_condition_raise(NEW.id);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_last_condition_records_ins_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO tire_last_condition AS s (tire_id, tire_check_id, record_id, performed_at, condition)
  SELECT DISTINCT ON (n.tire_id) n.tire_id, c.id, n.id, c.performed_at, n.condition
    FROM new_records n
    JOIN tire_checks c ON c.id = n.tire_check_id
   WHERE c.status = 'approved' AND n.tire_id IS NOT NULL
   ORDER BY n.tire_id, c.performed_at DESC, c.id DESC, n.id DESC
  ON CONFLICT (tire_id) DO UPDATE
    SET tire_check_id = excluded.tire_check_id, record_id = excluded.record_id,
        performed_at = excluded.performed_at, condition = excluded.condition
    WHERE (excluded.performed_at, excluded.tire_check_id, excluded.record_id) > (s.performed_at, s.tire_check_id, s.record_id);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_last_condition_records_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_last_condition;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.tire_id IS NOT DISTINCT FROM NEW.tire_id AND OLD.tire_check_id = NEW.tire_check_id THEN
    -- same tire, same check (a validation rewriting its readings): whether it is the tire's latest
    -- is unchanged; only the row pointing at it takes its condition
    IF OLD.condition IS DISTINCT FROM NEW.condition THEN
      UPDATE tire_last_condition SET condition = NEW.condition WHERE tire_id = NEW.tire_id AND record_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  -- deleted, or moved to another tire or check: the old tire is recounted when its row pointed here
  IF EXISTS (SELECT 1 FROM tire_last_condition s WHERE s.tire_id = OLD.tire_id AND s.record_id = OLD.id) THEN
    PERFORM tire_last_condition_refresh(ARRAY[OLD.tire_id]);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.tire_id IS NOT NULL THEN
    INSERT INTO tire_last_condition AS s (tire_id, tire_check_id, record_id, performed_at, condition)
    SELECT NEW.tire_id, c.id, NEW.id, c.performed_at, NEW.condition
      FROM tire_checks c
     WHERE c.id = NEW.tire_check_id AND c.status = 'approved'
    ON CONFLICT (tire_id) DO UPDATE
      SET tire_check_id = excluded.tire_check_id, record_id = excluded.record_id,
          performed_at = excluded.performed_at, condition = excluded.condition
      WHERE (excluded.performed_at, excluded.tire_check_id, excluded.record_id) > (s.performed_at, s.tire_check_id, s.record_id);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_last_condition_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_last_condition;
  INSERT INTO tire_last_condition (tire_id, tire_check_id, record_id, performed_at, condition)
  SELECT DISTINCT ON (r.tire_id) r.tire_id, c.id, r.id, c.performed_at, r.condition
    FROM tire_check_records r
    JOIN tire_checks c ON c.id = r.tire_check_id
   WHERE c.status = 'approved' AND r.tire_id IS NOT NULL
   ORDER BY r.tire_id, c.performed_at DESC, c.id DESC, r.id DESC;
$function$;

DROP TRIGGER IF EXISTS tire_checks_last_condition ON public.tire_checks;
CREATE TRIGGER tire_checks_last_condition AFTER UPDATE OF status, performed_at ON public.tire_checks FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.performed_at IS DISTINCT FROM new.performed_at))) EXECUTE FUNCTION tire_last_condition_check_trg();

DROP TRIGGER IF EXISTS tire_check_records_last_condition_ins ON public.tire_check_records;
CREATE TRIGGER tire_check_records_last_condition_ins AFTER INSERT ON public.tire_check_records REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION tire_last_condition_records_ins_trg();

DROP TRIGGER IF EXISTS tire_check_records_last_condition ON public.tire_check_records;
CREATE TRIGGER tire_check_records_last_condition AFTER DELETE OR UPDATE OF tire_id, tire_check_id, condition ON public.tire_check_records FOR EACH ROW EXECUTE FUNCTION tire_last_condition_records_trg();

DROP TRIGGER IF EXISTS tire_check_records_last_condition_truncate ON public.tire_check_records;
CREATE TRIGGER tire_check_records_last_condition_truncate AFTER TRUNCATE ON public.tire_check_records FOR EACH STATEMENT EXECUTE FUNCTION tire_last_condition_records_trg();
