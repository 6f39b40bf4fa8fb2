-- Ban Terpasang Aktif lists mounted slots by unit plate, then position (numbers in number order,
-- then the spares). Each unit's mounted slots in that order, from the index alone: a page walks the
-- units in plate order (units_plate_uq) and their slots here, with an incremental sort per plate,
-- instead of joining and sorting every slot. The expression must stay the one in
-- server/src/modules/tires/active-tires.ts (positionOrder). Declared in this migration only, not
-- in server/src/db/schema/tires.ts: drizzle-kit does not see it, so no later generate drops it.
CREATE INDEX IF NOT EXISTS "active_unit_tires_slot_order_idx" ON "active_unit_tires" USING btree
  ("unit_id", (CASE WHEN "position" ~ '^[0-9]+$' THEN "position"::int ELSE 100 END), "position", "id")
  WHERE "status" = 'INSTALLED';
