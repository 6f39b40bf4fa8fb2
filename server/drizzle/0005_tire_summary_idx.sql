DROP INDEX "tires_lowest_idx";--> statement-breakpoint
CREATE INDEX "tires_lowest_idx" ON "tires" USING btree ("groove_lowest","status");