ALTER TABLE "tire_checks" ADD COLUMN "stage" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "mismatches" ADD COLUMN "stage" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD COLUMN "stage" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
-- today's rows, by the rules the screens used: approved (and workshop-signed), returned, or sent
-- again after a Return (a closed Return in the history); an approved document keeps no open Return
UPDATE tire_checks SET returned_at = NULL WHERE status = 'approved' AND returned_at IS NOT NULL;
--> statement-breakpoint
UPDATE tire_replacements SET returned_at = NULL WHERE status = 'approved' AND returned_at IS NOT NULL;
--> statement-breakpoint
UPDATE tire_checks c SET stage = CASE
    WHEN c.status = 'approved' AND c.workshop_sign <> '-' THEN 'workshop_signed'
    WHEN c.status = 'approved' THEN 'validated'
    WHEN c.returned_at IS NOT NULL THEN 'returned'
    ELSE 'resubmitted' END
  WHERE c.status = 'approved' OR c.returned_at IS NOT NULL
     OR EXISTS (SELECT 1 FROM submission_returns r WHERE r.kind = 'tire-check' AND r.record_id = c.id);
--> statement-breakpoint
UPDATE tire_replacements x SET stage = CASE
    WHEN x.status = 'approved' AND x.workshop_sign <> '-' THEN 'workshop_signed'
    WHEN x.status = 'approved' THEN 'validated'
    WHEN x.returned_at IS NOT NULL THEN 'returned'
    ELSE 'resubmitted' END
  WHERE x.status = 'approved' OR x.returned_at IS NOT NULL
     OR EXISTS (SELECT 1 FROM submission_returns r WHERE r.kind = 'tire-replacement' AND r.record_id = x.id);
--> statement-breakpoint
UPDATE mismatches SET stage = 'validated' WHERE status = 'approved';
--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_stage_ck" CHECK ("tire_checks"."stage" in ('sent', 'returned', 'resubmitted', 'validated', 'workshop_signed'));--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_stage_approved_ck" CHECK (("tire_checks"."stage" in ('validated', 'workshop_signed')) = ("tire_checks"."status" = 'approved'));--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_stage_returned_ck" CHECK (("tire_checks"."stage" = 'returned') = ("tire_checks"."returned_at" is not null));--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_stage_workshop_ck" CHECK (("tire_checks"."stage" = 'workshop_signed') = ("tire_checks"."status" = 'approved' and "tire_checks"."workshop_sign" <> '-'));--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_stage_ck" CHECK ("mismatches"."stage" in ('sent', 'validated'));--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_stage_approved_ck" CHECK (("mismatches"."stage" = 'validated') = ("mismatches"."status" = 'approved'));--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_stage_ck" CHECK ("tire_replacements"."stage" in ('sent', 'returned', 'resubmitted', 'validated', 'workshop_signed'));--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_stage_approved_ck" CHECK (("tire_replacements"."stage" in ('validated', 'workshop_signed')) = ("tire_replacements"."status" = 'approved'));--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_stage_returned_ck" CHECK (("tire_replacements"."stage" = 'returned') = ("tire_replacements"."returned_at" is not null));--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_stage_workshop_ck" CHECK (("tire_replacements"."stage" = 'workshop_signed') = ("tire_replacements"."status" = 'approved' and "tire_replacements"."workshop_sign" <> '-'));