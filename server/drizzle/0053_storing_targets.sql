CREATE TABLE "storing_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"project_id" integer,
	"response_minutes" integer NOT NULL,
	"roll_minutes" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storing_targets_scope_ck" CHECK ("storing_targets"."customer_id" is null or "storing_targets"."project_id" is null),
	CONSTRAINT "storing_targets_minutes_ck" CHECK ("storing_targets"."response_minutes" > 0 and "storing_targets"."roll_minutes" >= "storing_targets"."response_minutes")
);
--> statement-breakpoint
ALTER TABLE "inbox_items" DROP CONSTRAINT "inbox_items_kind_ck";--> statement-breakpoint
ALTER TABLE "inbox_preferences" DROP CONSTRAINT "inbox_preferences_kind_ck";--> statement-breakpoint
ALTER TABLE "storing_targets" ADD CONSTRAINT "storing_targets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storing_targets" ADD CONSTRAINT "storing_targets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storing_targets" ADD CONSTRAINT "storing_targets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storing_targets_customer_uq" ON "storing_targets" USING btree ("customer_id") WHERE "storing_targets"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "storing_targets_project_uq" ON "storing_targets" USING btree ("project_id") WHERE "storing_targets"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "storing_targets_default_uq" ON "storing_targets" USING btree ((true)) WHERE "storing_targets"."customer_id" is null and "storing_targets"."project_id" is null;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_kind_ck" CHECK (kind in ('bkb', 'check-waiting', 'critical-tire', 'import-done', 'storing-breach'));--> statement-breakpoint
ALTER TABLE "inbox_preferences" ADD CONSTRAINT "inbox_preferences_kind_ck" CHECK (kind in ('bkb', 'check-waiting', 'critical-tire', 'import-done', 'storing-breach'));