CREATE INDEX "mismatches_unit_idx" ON "mismatches" USING btree ("unit_id","performed_at");--> statement-breakpoint
CREATE INDEX "mismatches_location_idx" ON "mismatches" USING btree ("location_id","performed_at");--> statement-breakpoint
CREATE INDEX "tire_replacements_location_idx" ON "tire_replacements" USING btree ("location_id","performed_at");