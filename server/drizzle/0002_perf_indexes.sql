CREATE TABLE "tire_check_daily" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"tireman_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"awaiting_pic" integer DEFAULT 0 NOT NULL,
	"awaiting_edp" integer DEFAULT 0 NOT NULL,
	"awaiting_workshop" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tire_check_daily_day_location_id_tireman_id_pk" PRIMARY KEY("day","location_id","tireman_id")
);
--> statement-breakpoint
DROP INDEX "tire_checks_created_idx";--> statement-breakpoint
DROP INDEX "qc_checks_created_idx";--> statement-breakpoint
DROP INDEX "mismatches_created_idx";--> statement-breakpoint
DROP INDEX "tire_replacements_created_idx";--> statement-breakpoint
CREATE INDEX "tire_checks_returned_idx" ON "tire_checks" USING btree ("tireman_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."returned_at" is not null;--> statement-breakpoint
CREATE INDEX "tire_checks_created_idx" ON "tire_checks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "qc_checks_created_idx" ON "qc_checks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mismatches_created_idx" ON "mismatches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tire_replacements_created_idx" ON "tire_replacements" USING btree ("created_at","id");