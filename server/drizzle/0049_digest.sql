CREATE TABLE "daily_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"counts" jsonb NOT NULL,
	"message" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"user_id" integer,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "digest_deliveries_status_ck" CHECK ("digest_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "daily_digests" ADD CONSTRAINT "daily_digests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_day_daily_digests_day_fk" FOREIGN KEY ("day") REFERENCES "public"."daily_digests"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_deliveries_day_idx" ON "digest_deliveries" USING btree ("day");