CREATE OR REPLACE FUNCTION public.warehouse_stock_refresh(tid integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM warehouse_stock w
   WHERE w.tire_id = tid
     AND NOT EXISTS (SELECT 1 FROM tires t WHERE t.id = tid AND t.status IN ('UNINSTALLED', 'SPARE'));
  INSERT INTO warehouse_stock AS w (tire_id, status, size, ir_brand, serial_number, location_id, location_name)
  SELECT t.id, t.status, t.size, t.ir_brand, t.serial_number, ss.location_id, l.name
    FROM tires t
    LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
    LEFT JOIN locations l ON l.id = ss.location_id
   WHERE t.id = tid AND t.status IN ('UNINSTALLED', 'SPARE')
  ON CONFLICT (tire_id) DO UPDATE SET
    status = excluded.status, size = excluded.size, ir_brand = excluded.ir_brand,
    serial_number = excluded.serial_number, location_id = excluded.location_id,
    location_name = excluded.location_name;
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_stock_tires_ins_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_stock_tire_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM warehouse_stock_refresh(NEW.id);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_stock_location_stmt_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_stock_location_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE warehouse_stock SET location_id = NULL, location_name = NULL
     WHERE tire_id = OLD.tire_id AND location_id IS NOT NULL;
  ELSE
    UPDATE warehouse_stock w SET location_id = NEW.location_id,
           location_name = (SELECT l.name FROM locations l WHERE l.id = NEW.location_id)
     WHERE w.tire_id = NEW.tire_id AND w.location_id IS DISTINCT FROM NEW.location_id;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_stock_location_name_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE warehouse_stock SET location_name = NEW.name WHERE location_id = NEW.id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_stock_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM warehouse_stock;
  INSERT INTO warehouse_stock (tire_id, status, size, ir_brand, serial_number, location_id, location_name)
  SELECT t.id, t.status, t.size, t.ir_brand, t.serial_number, ss.location_id, l.name
    FROM tires t
    LEFT JOIN tire_stock_state ss ON ss.tire_id = t.id
    LEFT JOIN locations l ON l.id = ss.location_id
   WHERE t.status IN ('UNINSTALLED', 'SPARE');
$function$;

DROP TRIGGER IF EXISTS locations_warehouse_stock_name ON public.locations;
CREATE TRIGGER locations_warehouse_stock_name AFTER UPDATE OF name ON public.locations FOR EACH ROW WHEN ((old.name IS DISTINCT FROM new.name)) EXECUTE FUNCTION warehouse_stock_location_name_trg();

DROP TRIGGER IF EXISTS tire_stock_state_warehouse_del ON public.tire_stock_state;
CREATE TRIGGER tire_stock_state_warehouse_del AFTER DELETE ON public.tire_stock_state REFERENCING OLD TABLE AS old_states FOR EACH STATEMENT EXECUTE FUNCTION warehouse_stock_location_stmt_trg();

DROP TRIGGER IF EXISTS tire_stock_state_warehouse_ins ON public.tire_stock_state;
CREATE TRIGGER tire_stock_state_warehouse_ins AFTER INSERT ON public.tire_stock_state REFERENCING NEW TABLE AS new_states FOR EACH STATEMENT EXECUTE FUNCTION warehouse_stock_location_stmt_trg();

DROP TRIGGER IF EXISTS tire_stock_state_warehouse_upd ON public.tire_stock_state;
CREATE TRIGGER tire_stock_state_warehouse_upd AFTER UPDATE OF location_id ON public.tire_stock_state FOR EACH ROW WHEN ((old.location_id IS DISTINCT FROM new.location_id)) EXECUTE FUNCTION warehouse_stock_location_trg();

DROP TRIGGER IF EXISTS tires_warehouse_stock_ins ON public.tires;
CREATE TRIGGER tires_warehouse_stock_ins AFTER INSERT ON public.tires REFERENCING NEW TABLE AS new_tires FOR EACH STATEMENT EXECUTE FUNCTION warehouse_stock_tires_ins_trg();

DROP TRIGGER IF EXISTS tires_warehouse_stock_upd ON public.tires;
CREATE TRIGGER tires_warehouse_stock_upd AFTER UPDATE OF status, size, ir_brand, serial_number ON public.tires FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.size IS DISTINCT FROM new.size) OR (old.ir_brand IS DISTINCT FROM new.ir_brand) OR (old.serial_number IS DISTINCT FROM new.serial_number))) EXECUTE FUNCTION warehouse_stock_tire_trg();
