CREATE OR REPLACE FUNCTION public.warehouse_group_locations_refresh()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM warehouse_group_locations;
  INSERT INTO warehouse_group_locations
    (location_id, location_name, groups, groups_uninstalled, groups_spare, uninstalled, spare)
  SELECT location_id, location_name, count(*), count(*) FILTER (WHERE uninstalled > 0),
         count(*) FILTER (WHERE spare > 0), sum(uninstalled), sum(spare)
    FROM warehouse_groups WHERE uninstalled + spare > 0 GROUP BY 1, 2;
$function$;
