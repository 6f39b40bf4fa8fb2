CREATE TABLE "submission_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"reason" text NOT NULL,
	"returned_by" integer,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resubmitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tire_checks" ADD COLUMN "workshop_signed_by" integer;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD COLUMN "workshop_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sop_entries" ADD COLUMN "video_path" text;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD COLUMN "workshop_signed_by" integer;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD COLUMN "workshop_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "workshop_signatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_returns" ADD CONSTRAINT "submission_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_returns_record_idx" ON "submission_returns" USING btree ("kind","record_id","returned_at");--> statement-breakpoint
CREATE INDEX "submission_returns_kind_idx" ON "submission_returns" USING btree ("kind","returned_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_workshop_signed_by_users_id_fk" FOREIGN KEY ("workshop_signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_workshop_signed_by_users_id_fk" FOREIGN KEY ("workshop_signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tire_checks_workshop_queue_idx" ON "tire_checks" USING btree ("validated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."status" = 'approved' and "tire_checks"."workshop_sign" = '-';--> statement-breakpoint
CREATE INDEX "tire_replacements_workshop_queue_idx" ON "tire_replacements" USING btree ("validated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_replacements"."status" = 'approved' and "tire_replacements"."workshop_sign" = '-';--> statement-breakpoint
-- The returns made before this table existed: the current one of each returned document.
INSERT INTO "submission_returns" ("kind", "record_id", "reason", "returned_at")
SELECT 'tire-check', id, coalesce(return_reason, '-'), returned_at FROM "tire_checks" WHERE returned_at IS NOT NULL
UNION ALL
SELECT 'tire-replacement', id, coalesce(return_reason, '-'), returned_at FROM "tire_replacements" WHERE returned_at IS NOT NULL;
