DROP INDEX "tire_checks_unit_performed_idx";--> statement-breakpoint
CREATE INDEX "tire_checks_unit_performed_idx" ON "tire_checks" USING btree ("unit_id","performed_at","status","id","odometer");