ALTER TABLE "breakdown_calls" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "breakdown_calls" ADD CONSTRAINT "breakdown_calls_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- calls taken before: the region of the truck's last check before the call
UPDATE "breakdown_calls" b SET "region_id" = (
  SELECT l.region_id FROM tire_checks c JOIN locations l ON l.id = c.location_id
   WHERE c.unit_id = b.unit_id AND c.performed_at <= b.called_at
   ORDER BY c.performed_at DESC LIMIT 1
);
