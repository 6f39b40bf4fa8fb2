CREATE OR REPLACE FUNCTION public.scrap_tires_refresh(tid integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM scrap_tires s
   WHERE s.tire_id = tid
     AND NOT EXISTS (SELECT 1 FROM tires t WHERE t.id = tid AND t.status = 'SCRAP');
  INSERT INTO scrap_tires AS s
    (tire_id, serial_number, ir_brand, ori_brand, size, pattern, condition, scrapped_at, scrap_note)
  SELECT t.id, t.serial_number, t.ir_brand, t.ori_brand, t.size, t.pattern, t.condition,
         se.created_at, coalesce(se.note, '')
    FROM tires t
    LEFT JOIN tire_scrap_event se ON se.tire_id = t.id
   WHERE t.id = tid AND t.status = 'SCRAP'
  ON CONFLICT (tire_id) DO UPDATE SET
    serial_number = excluded.serial_number, ir_brand = excluded.ir_brand, ori_brand = excluded.ori_brand,
    size = excluded.size, pattern = excluded.pattern, condition = excluded.condition,
    scrapped_at = excluded.scrapped_at, scrap_note = excluded.scrap_note;
$function$;

CREATE OR REPLACE FUNCTION public.scrap_tires_tires_ins_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.scrap_tires_tire_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM scrap_tires_refresh(NEW.id);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.scrap_tires_event_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE scrap_tires SET scrapped_at = NULL, scrap_note = '' WHERE tire_id = OLD.tire_id;
  ELSE
    UPDATE scrap_tires SET scrapped_at = NEW.created_at, scrap_note = NEW.note WHERE tire_id = NEW.tire_id;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.scrap_tires_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM scrap_tires;
  INSERT INTO scrap_tires (tire_id, serial_number, ir_brand, ori_brand, size, pattern, condition, scrapped_at, scrap_note)
  SELECT t.id, t.serial_number, t.ir_brand, t.ori_brand, t.size, t.pattern, t.condition,
         se.created_at, coalesce(se.note, '')
    FROM tires t
    LEFT JOIN tire_scrap_event se ON se.tire_id = t.id
   WHERE t.status = 'SCRAP';
$function$;

DROP TRIGGER IF EXISTS tire_scrap_event_scrap_tires ON public.tire_scrap_event;
CREATE TRIGGER tire_scrap_event_scrap_tires AFTER INSERT OR DELETE OR UPDATE ON public.tire_scrap_event FOR EACH ROW EXECUTE FUNCTION scrap_tires_event_trg();

DROP TRIGGER IF EXISTS tires_scrap_tires_ins ON public.tires;
CREATE TRIGGER tires_scrap_tires_ins AFTER INSERT ON public.tires REFERENCING NEW TABLE AS new_tires FOR EACH STATEMENT EXECUTE FUNCTION scrap_tires_tires_ins_trg();

DROP TRIGGER IF EXISTS tires_scrap_tires_upd ON public.tires;
CREATE TRIGGER tires_scrap_tires_upd AFTER UPDATE OF status, serial_number, ir_brand, ori_brand, size, pattern, condition ON public.tires FOR EACH ROW WHEN ((((old.status = 'SCRAP'::text) OR (new.status = 'SCRAP'::text)) AND ((old.status IS DISTINCT FROM new.status) OR (old.serial_number IS DISTINCT FROM new.serial_number) OR (old.ir_brand IS DISTINCT FROM new.ir_brand) OR (old.ori_brand IS DISTINCT FROM new.ori_brand) OR (old.size IS DISTINCT FROM new.size) OR (old.pattern IS DISTINCT FROM new.pattern) OR (old.condition IS DISTINCT FROM new.condition)))) EXECUTE FUNCTION scrap_tires_tire_trg();
