CREATE OR REPLACE FUNCTION public.tire_scrap_event_refresh(tid integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_scrap_event WHERE tire_id = tid;
  INSERT INTO tire_scrap_event (tire_id, event_id, created_at, note)
  SELECT e.tire_id, e.id, e.created_at, e.note
    FROM tire_events e
   WHERE e.tire_id = tid AND (e.kind = 'scrapped' OR (e.kind = 'status' AND e.to_status = 'SCRAP'))
     AND EXISTS (SELECT 1 FROM tires t WHERE t.id = tid)
   ORDER BY e.id DESC LIMIT 1;
$function$;

CREATE OR REPLACE FUNCTION public.tire_scrap_event_ins_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO tire_scrap_event AS s (tire_id, event_id, created_at, note)
  SELECT DISTINCT ON (n.tire_id) n.tire_id, n.id, n.created_at, n.note
    FROM new_events n
   WHERE n.kind = 'scrapped' OR (n.kind = 'status' AND n.to_status = 'SCRAP')
   ORDER BY n.tire_id, n.id DESC
  ON CONFLICT (tire_id) DO UPDATE
    SET event_id = excluded.event_id, created_at = excluded.created_at, note = excluded.note
    WHERE excluded.event_id > s.event_id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_scrap_event_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_scrap_event;
    RETURN NULL;
  END IF;
  PERFORM tire_scrap_event_refresh(OLD.tire_id);
  IF TG_OP = 'UPDATE' AND NEW.tire_id <> OLD.tire_id THEN
    PERFORM tire_scrap_event_refresh(NEW.tire_id);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_scrap_event_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_scrap_event;
  INSERT INTO tire_scrap_event (tire_id, event_id, created_at, note)
  SELECT DISTINCT ON (e.tire_id) e.tire_id, e.id, e.created_at, e.note
    FROM tire_events e
   WHERE e.kind = 'scrapped' OR (e.kind = 'status' AND e.to_status = 'SCRAP')
   ORDER BY e.tire_id, e.id DESC;
$function$;

DROP TRIGGER IF EXISTS tire_events_scrap_event ON public.tire_events;
CREATE TRIGGER tire_events_scrap_event AFTER DELETE OR UPDATE ON public.tire_events FOR EACH ROW EXECUTE FUNCTION tire_scrap_event_trg();

DROP TRIGGER IF EXISTS tire_events_scrap_event_ins ON public.tire_events;
CREATE TRIGGER tire_events_scrap_event_ins AFTER INSERT ON public.tire_events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION tire_scrap_event_ins_trg();

DROP TRIGGER IF EXISTS tire_events_scrap_event_truncate ON public.tire_events;
CREATE TRIGGER tire_events_scrap_event_truncate AFTER TRUNCATE ON public.tire_events FOR EACH STATEMENT EXECUTE FUNCTION tire_scrap_event_trg();
