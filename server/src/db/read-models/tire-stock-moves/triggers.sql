CREATE OR REPLACE FUNCTION public.tire_event_stock_state(e tire_events)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT (CASE
    WHEN e.to_status IS NOT NULL THEN (CASE WHEN e.to_status IN ('UNINSTALLED', 'SPARE') THEN 1 ELSE 0 END)
    WHEN e.kind IN ('received', 'removed') THEN 1
    WHEN e.kind IN ('installed', 'scrapped') THEN 0
  END)::smallint
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_moves_rebuild(tid integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM tire_stock_moves WHERE tire_id = tid;
  INSERT INTO tire_stock_moves (event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta)
  SELECT s.id, tid, upper(t.size), upper(t.ir_brand), s.created_at, s.after,
         s.after - coalesce(lag(s.after) OVER (ORDER BY s.id), 0)
    FROM (SELECT g.id, g.created_at, coalesce(max(g.st) OVER (PARTITION BY g.grp), 0)::smallint AS after
            FROM (SELECT e.id, e.created_at, tire_event_stock_state(e) AS st,
                         count(tire_event_stock_state(e)) OVER (ORDER BY e.id) AS grp
                    FROM tire_events e WHERE e.tire_id = tid) g) s
    JOIN tires t ON t.id = tid;
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_moves_ins_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  late integer[];
  tid integer;
BEGIN
  late := ARRAY(
    SELECT f.tire_id FROM (SELECT n.tire_id, min(n.id) AS first_id FROM new_events n GROUP BY n.tire_id) f
     WHERE EXISTS (SELECT 1 FROM tire_stock_moves m WHERE m.tire_id = f.tire_id AND m.event_id > f.first_id));
  INSERT INTO tire_stock_moves (event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta)
  SELECT s.id, s.tire_id, upper(t.size), upper(t.ir_brand), s.created_at, s.after,
         s.after - coalesce(lag(s.after) OVER (PARTITION BY s.tire_id ORDER BY s.id), s.prev, 0)
    FROM (SELECT g.id, g.tire_id, g.created_at, g.prev,
                 coalesce(max(g.st) OVER (PARTITION BY g.tire_id, g.grp), g.prev, 0)::smallint AS after
            FROM (SELECT n.id, n.tire_id, n.created_at, p.prev, st.st,
                         count(st.st) OVER (PARTITION BY n.tire_id ORDER BY n.id) AS grp
                    FROM new_events n
                    CROSS JOIN LATERAL (SELECT (CASE
                      WHEN n.to_status IS NOT NULL THEN (CASE WHEN n.to_status IN ('UNINSTALLED', 'SPARE') THEN 1 ELSE 0 END)
                      WHEN n.kind IN ('received', 'removed') THEN 1
                      WHEN n.kind IN ('installed', 'scrapped') THEN 0
                    END)::smallint AS st) st
                    LEFT JOIN LATERAL (
                      SELECT m.stock_after AS prev FROM tire_stock_moves m
                       WHERE m.tire_id = n.tire_id ORDER BY m.event_id DESC LIMIT 1) p ON true
                   WHERE n.tire_id <> ALL (late)) g) s
    JOIN tires t ON t.id = s.tire_id;
  FOREACH tid IN ARRAY late LOOP
    PERFORM tire_stock_moves_rebuild(tid);
  END LOOP;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.tire_stock_moves_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.tires_stock_keys_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE tire_stock_moves SET size_key = upper(NEW.size), brand_key = upper(NEW.ir_brand)
   WHERE tire_id = NEW.id;
  RETURN NULL;
END
$function$;

DROP TRIGGER IF EXISTS tire_events_stock_moves ON public.tire_events;
CREATE TRIGGER tire_events_stock_moves AFTER DELETE OR UPDATE ON public.tire_events FOR EACH ROW EXECUTE FUNCTION tire_stock_moves_trg();

DROP TRIGGER IF EXISTS tire_events_stock_moves_ins ON public.tire_events;
CREATE TRIGGER tire_events_stock_moves_ins AFTER INSERT ON public.tire_events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_moves_ins_trg();

DROP TRIGGER IF EXISTS tire_events_stock_moves_truncate ON public.tire_events;
CREATE TRIGGER tire_events_stock_moves_truncate AFTER TRUNCATE ON public.tire_events FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_moves_trg();

DROP TRIGGER IF EXISTS tires_stock_keys ON public.tires;
CREATE TRIGGER tires_stock_keys AFTER UPDATE OF size, ir_brand ON public.tires FOR EACH ROW WHEN (((upper(old.size) IS DISTINCT FROM upper(new.size)) OR (upper(old.ir_brand) IS DISTINCT FROM upper(new.ir_brand)))) EXECUTE FUNCTION tires_stock_keys_trg();
