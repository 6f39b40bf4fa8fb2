DROP INDEX "tire_requests_created_idx";--> statement-breakpoint
DROP INDEX "tire_requests_requested_by_idx";--> statement-breakpoint
ALTER TABLE "tire_requests" ADD COLUMN "performed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- requests made before were dated on arrival: that stays their date
UPDATE "tire_requests" SET "performed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "tire_requests_performed_idx" ON "tire_requests" USING btree ("performed_at");--> statement-breakpoint
CREATE INDEX "tire_requests_requested_by_idx" ON "tire_requests" USING btree ("requested_by","performed_at");