CREATE OR REPLACE FUNCTION public.warehouse_group_deltas_trg()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM warehouse_groups;
    DELETE FROM warehouse_group_deltas;
    DELETE FROM warehouse_group_locations;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO warehouse_group_deltas (location_id, location_name, size, ir_brand, uninstalled, spare)
    SELECT location_id, location_name, size, ir_brand,
           count(*) FILTER (WHERE status = 'UNINSTALLED'), count(*) FILTER (WHERE status = 'SPARE')
      FROM new_stock GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO warehouse_group_deltas (location_id, location_name, size, ir_brand, uninstalled, spare)
    SELECT location_id, location_name, size, ir_brand,
           -count(*) FILTER (WHERE status = 'UNINSTALLED'), -count(*) FILTER (WHERE status = 'SPARE')
      FROM old_stock GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO warehouse_group_deltas (location_id, location_name, size, ir_brand, uninstalled, spare)
    SELECT location_id, location_name, size, ir_brand, sum(u), sum(s)
      FROM (SELECT location_id, location_name, size, ir_brand,
                   -(status = 'UNINSTALLED')::int AS u, -(status = 'SPARE')::int AS s FROM old_stock
            UNION ALL
            SELECT location_id, location_name, size, ir_brand,
                   (status = 'UNINSTALLED')::int, (status = 'SPARE')::int FROM new_stock) x
     GROUP BY 1, 2, 3, 4
    HAVING sum(u) <> 0 OR sum(s) <> 0;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.warehouse_groups_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM warehouse_group_deltas;
  DELETE FROM warehouse_groups;
  INSERT INTO warehouse_groups (location_id, location_name, size, ir_brand, uninstalled, spare)
  SELECT location_id, location_name, size, ir_brand,
         count(*) FILTER (WHERE status = 'UNINSTALLED'), count(*) FILTER (WHERE status = 'SPARE')
    FROM warehouse_stock GROUP BY 1, 2, 3, 4;
  SELECT warehouse_group_locations_refresh();
$function$;

DROP TRIGGER IF EXISTS warehouse_stock_groups_del ON public.warehouse_stock;
CREATE TRIGGER warehouse_stock_groups_del AFTER DELETE ON public.warehouse_stock REFERENCING OLD TABLE AS old_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();

DROP TRIGGER IF EXISTS warehouse_stock_groups_ins ON public.warehouse_stock;
CREATE TRIGGER warehouse_stock_groups_ins AFTER INSERT ON public.warehouse_stock REFERENCING NEW TABLE AS new_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();

DROP TRIGGER IF EXISTS warehouse_stock_groups_truncate ON public.warehouse_stock;
CREATE TRIGGER warehouse_stock_groups_truncate AFTER TRUNCATE ON public.warehouse_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();

DROP TRIGGER IF EXISTS warehouse_stock_groups_upd ON public.warehouse_stock;
CREATE TRIGGER warehouse_stock_groups_upd AFTER UPDATE ON public.warehouse_stock REFERENCING OLD TABLE AS old_stock NEW TABLE AS new_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();
