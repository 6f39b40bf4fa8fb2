CREATE OR REPLACE FUNCTION public.tire_event_location(e tire_events)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE e.source_type
    WHEN 'tire-check' THEN (SELECT tc.location_id FROM tire_checks tc WHERE tc.id = e.source_id)
    WHEN 'tire-replacement' THEN (SELECT tr.location_id FROM tire_replacements tr WHERE tr.id = e.source_id)
    WHEN 'mismatch' THEN (SELECT mm.location_id FROM mismatches mm WHERE mm.id = e.source_id)
  END
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_state_rebuild(tid integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_stock_state WHERE tire_id = tid;
  INSERT INTO tire_stock_state (tire_id, last_event_id, location_id, location_event_id)
  SELECT tid, l.id, loc.location_id, loc.id
    FROM (SELECT max(e.id) AS id FROM tire_events e WHERE e.tire_id = tid) l
    LEFT JOIN LATERAL (
      SELECT e.id, tire_event_location(e) AS location_id
        FROM tire_events e
       WHERE e.tire_id = tid AND tire_event_location(e) IS NOT NULL
       ORDER BY e.id DESC LIMIT 1) loc ON true
   WHERE l.id IS NOT NULL AND EXISTS (SELECT 1 FROM tires t WHERE t.id = tid);
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_state_ins_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO tire_stock_state AS s (tire_id, last_event_id, location_id, location_event_id)
  SELECT l.tire_id, l.last_id, loc.location_id, loc.id
    FROM (SELECT n.tire_id, max(n.id) AS last_id FROM new_events n GROUP BY n.tire_id) l
    LEFT JOIN (
      SELECT DISTINCT ON (x.tire_id) x.tire_id, x.id, x.location_id
        FROM (SELECT n.tire_id, n.id, CASE n.source_type
                WHEN 'tire-check' THEN (SELECT tc.location_id FROM tire_checks tc WHERE tc.id = n.source_id)
                WHEN 'tire-replacement' THEN (SELECT tr.location_id FROM tire_replacements tr WHERE tr.id = n.source_id)
                WHEN 'mismatch' THEN (SELECT mm.location_id FROM mismatches mm WHERE mm.id = n.source_id)
              END AS location_id
                FROM new_events n
               WHERE n.source_type IN ('tire-check', 'tire-replacement', 'mismatch')) x
       WHERE x.location_id IS NOT NULL
       ORDER BY x.tire_id, x.id DESC) loc ON loc.tire_id = l.tire_id
  ON CONFLICT (tire_id) DO UPDATE SET
    last_event_id = greatest(s.last_event_id, excluded.last_event_id),
    location_id = CASE WHEN excluded.location_event_id > coalesce(s.location_event_id, 0)
      THEN excluded.location_id ELSE s.location_id END,
    location_event_id = CASE WHEN excluded.location_event_id > coalesce(s.location_event_id, 0)
      THEN excluded.location_event_id ELSE s.location_event_id END;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_state_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_stock_state;
    RETURN NULL;
  END IF;
  PERFORM tire_stock_state_rebuild(OLD.tire_id);
  IF TG_OP = 'UPDATE' AND NEW.tire_id <> OLD.tire_id THEN
    PERFORM tire_stock_state_rebuild(NEW.tire_id);
  END IF;
  RETURN NULL;
END
$function$;

DROP TRIGGER IF EXISTS tire_events_stock_state ON public.tire_events;
CREATE TRIGGER tire_events_stock_state AFTER DELETE OR UPDATE ON public.tire_events FOR EACH ROW EXECUTE FUNCTION tire_stock_state_trg();

DROP TRIGGER IF EXISTS tire_events_stock_state_ins ON public.tire_events;
CREATE TRIGGER tire_events_stock_state_ins AFTER INSERT ON public.tire_events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_state_ins_trg();

DROP TRIGGER IF EXISTS tire_events_stock_state_truncate ON public.tire_events;
CREATE TRIGGER tire_events_stock_state_truncate AFTER TRUNCATE ON public.tire_events FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_state_trg();
