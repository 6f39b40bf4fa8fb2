CREATE TABLE "warehouse_group_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_group_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"location_id" integer,
	"location_name" text,
	"size" text NOT NULL,
	"ir_brand" text NOT NULL,
	"uninstalled" integer NOT NULL,
	"spare" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_group_locations" (
	"location_id" integer,
	"location_name" text,
	"groups" integer NOT NULL,
	"groups_uninstalled" integer NOT NULL,
	"groups_spare" integer NOT NULL,
	"uninstalled" integer NOT NULL,
	"spare" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_groups" (
	"location_id" integer,
	"location_name" text,
	"size" text NOT NULL,
	"ir_brand" text NOT NULL,
	"uninstalled" integer DEFAULT 0 NOT NULL,
	"spare" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "warehouse_groups_key" UNIQUE NULLS NOT DISTINCT("location_name","location_id","size","ir_brand")
);

--> statement-breakpoint
-- Per statement, from its transition tables: the net change of each group it touched (old rows
-- count -1, new rows +1), appended; groups whose count did not change get no row.
CREATE FUNCTION "warehouse_group_deltas_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "warehouse_stock_groups_ins" AFTER INSERT ON "warehouse_stock"
  REFERENCING NEW TABLE AS new_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();
--> statement-breakpoint
CREATE TRIGGER "warehouse_stock_groups_upd" AFTER UPDATE ON "warehouse_stock"
  REFERENCING OLD TABLE AS old_stock NEW TABLE AS new_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();
--> statement-breakpoint
CREATE TRIGGER "warehouse_stock_groups_del" AFTER DELETE ON "warehouse_stock"
  REFERENCING OLD TABLE AS old_stock FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();
--> statement-breakpoint
CREATE TRIGGER "warehouse_stock_groups_truncate" AFTER TRUNCATE ON "warehouse_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION warehouse_group_deltas_trg();
--> statement-breakpoint
-- The per-location summary of the groups: after each fold of the deltas, and on a rebuild.
CREATE FUNCTION "warehouse_group_locations_refresh"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM warehouse_group_locations;
  INSERT INTO warehouse_group_locations
    (location_id, location_name, groups, groups_uninstalled, groups_spare, uninstalled, spare)
  SELECT location_id, location_name, count(*), count(*) FILTER (WHERE uninstalled > 0),
         count(*) FILTER (WHERE spare > 0), sum(uninstalled), sum(spare)
    FROM warehouse_groups WHERE uninstalled + spare > 0 GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- The groups from warehouse_stock: here, and after a bulk load.
CREATE FUNCTION "warehouse_groups_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM warehouse_group_deltas;
  DELETE FROM warehouse_groups;
  INSERT INTO warehouse_groups (location_id, location_name, size, ir_brand, uninstalled, spare)
  SELECT location_id, location_name, size, ir_brand,
         count(*) FILTER (WHERE status = 'UNINSTALLED'), count(*) FILTER (WHERE status = 'SPARE')
    FROM warehouse_stock GROUP BY 1, 2, 3, 4;
  SELECT warehouse_group_locations_refresh();
$$;
--> statement-breakpoint
SELECT warehouse_groups_rebuild();
