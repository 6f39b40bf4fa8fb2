ALTER TABLE "users" DROP CONSTRAINT "users_role_ck";--> statement-breakpoint
-- the 'Penanda tangan Workshop' flag becomes the workshop role (issue 40): a staff account that
-- signed for the workshop is now a workshop account; an admin keeps his role (admins may sign)
UPDATE "users" SET "role" = 'workshop' WHERE "workshop_signatory" AND "role" = 'staff';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "workshop_signatory";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('admin', 'staff', 'tire-man', 'workshop'));
