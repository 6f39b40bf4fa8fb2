ALTER TABLE "tire_wear" ALTER COLUMN "last_groove" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "fold" double precision[];--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "period_event_id" integer;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "period_km_before" double precision;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "first_km" double precision;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "first_groove" double precision;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "worn_before" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD COLUMN "last_position" text;--> statement-breakpoint
ALTER TABLE "tire_wear_stale" ADD COLUMN "check_id" integer;--> statement-breakpoint
-- every tire refitted once by the wear refresher after the upgrade: its row gains the fit's state and
-- the fields a check's reading is stepped from (until then a tire is refitted, never stepped)
INSERT INTO "tire_wear_stale" ("tire_id") SELECT "tire_id" FROM "tire_wear";