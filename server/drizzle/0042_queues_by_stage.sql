DROP INDEX "tire_checks_queue_idx";--> statement-breakpoint
DROP INDEX "tire_checks_queue_tireman_idx";--> statement-breakpoint
DROP INDEX "tire_checks_queue_location_idx";--> statement-breakpoint
DROP INDEX "tire_checks_returned_idx";--> statement-breakpoint
DROP INDEX "tire_checks_workshop_queue_idx";--> statement-breakpoint
DROP INDEX "mismatches_pending_idx";--> statement-breakpoint
DROP INDEX "tire_replacements_queue_idx";--> statement-breakpoint
DROP INDEX "tire_replacements_returned_idx";--> statement-breakpoint
DROP INDEX "tire_replacements_workshop_queue_idx";--> statement-breakpoint
CREATE INDEX "tire_checks_queue_idx" ON "tire_checks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."stage" in ('sent', 'resubmitted');--> statement-breakpoint
CREATE INDEX "tire_checks_queue_tireman_idx" ON "tire_checks" USING btree ("tireman_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."stage" in ('sent', 'resubmitted');--> statement-breakpoint
CREATE INDEX "tire_checks_queue_location_idx" ON "tire_checks" USING btree ("location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."stage" in ('sent', 'resubmitted');--> statement-breakpoint
CREATE INDEX "tire_checks_returned_idx" ON "tire_checks" USING btree ("tireman_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."stage" in ('returned');--> statement-breakpoint
CREATE INDEX "tire_checks_workshop_queue_idx" ON "tire_checks" USING btree ("validated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."stage" in ('validated');--> statement-breakpoint
CREATE INDEX "mismatches_pending_idx" ON "mismatches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mismatches"."stage" in ('sent', 'resubmitted');--> statement-breakpoint
CREATE INDEX "tire_replacements_queue_idx" ON "tire_replacements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_replacements"."stage" in ('sent', 'resubmitted');--> statement-breakpoint
CREATE INDEX "tire_replacements_returned_idx" ON "tire_replacements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_replacements"."stage" in ('returned');--> statement-breakpoint
CREATE INDEX "tire_replacements_workshop_queue_idx" ON "tire_replacements" USING btree ("validated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_replacements"."stage" in ('validated');