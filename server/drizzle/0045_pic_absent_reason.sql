ALTER TABLE "tire_checks" ADD COLUMN "pic_absent_reason" text;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD COLUMN "pic_absent_reason" text;