CREATE TABLE "inbox_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "inbox_items_kind_ck" CHECK (kind in ('bkb', 'check-waiting', 'critical-tire', 'import-done'))
);
--> statement-breakpoint
CREATE TABLE "inbox_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "inbox_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "inbox_preferences_kind_ck" CHECK (kind in ('bkb', 'check-waiting', 'critical-tire', 'import-done'))
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_preferences" ADD CONSTRAINT "inbox_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_user_idx" ON "inbox_items" USING btree ("user_id","read_at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_items_user_id_idx" ON "inbox_items" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_dedupe_uq" ON "inbox_items" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "inbox_items_dedupe_idx" ON "inbox_items" USING btree ("dedupe_key") WHERE "inbox_items"."dedupe_key" is not null;