CREATE TABLE "breakdown_call_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"tireman_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "breakdown_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"positions" text[] DEFAULT '{}'::text[] NOT NULL,
	"cause" text NOT NULL,
	"location_text" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"caller_name" text NOT NULL,
	"caller_phone" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"tireman_id" integer,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"replacement_id" integer,
	"mismatch_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breakdown_calls_status_ck" CHECK ("breakdown_calls"."status" in ('new', 'assigned', 'accepted', 'en_route', 'arrived', 'done', 'cancelled')),
	CONSTRAINT "breakdown_calls_priority_ck" CHECK ("breakdown_calls"."priority" in ('tinggi', 'normal'))
);
--> statement-breakpoint
ALTER TABLE "breakdown_call_events" ADD CONSTRAINT "breakdown_call_events_call_id_breakdown_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."breakdown_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_call_events" ADD CONSTRAINT "breakdown_call_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_call_events" ADD CONSTRAINT "breakdown_call_events_tireman_id_users_id_fk" FOREIGN KEY ("tireman_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_calls" ADD CONSTRAINT "breakdown_calls_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_calls" ADD CONSTRAINT "breakdown_calls_tireman_id_users_id_fk" FOREIGN KEY ("tireman_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_calls" ADD CONSTRAINT "breakdown_calls_replacement_id_tire_replacements_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."tire_replacements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_calls" ADD CONSTRAINT "breakdown_calls_mismatch_id_mismatches_id_fk" FOREIGN KEY ("mismatch_id") REFERENCES "public"."mismatches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_calls" ADD CONSTRAINT "breakdown_calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breakdown_call_events_call_idx" ON "breakdown_call_events" USING btree ("call_id","id");--> statement-breakpoint
CREATE INDEX "breakdown_calls_open_idx" ON "breakdown_calls" USING btree ("called_at") WHERE "breakdown_calls"."status" in ('new', 'assigned', 'accepted', 'en_route', 'arrived');--> statement-breakpoint
CREATE INDEX "breakdown_calls_called_idx" ON "breakdown_calls" USING btree ("called_at");--> statement-breakpoint
CREATE INDEX "breakdown_calls_tireman_idx" ON "breakdown_calls" USING btree ("tireman_id","called_at");--> statement-breakpoint
CREATE INDEX "breakdown_calls_unit_idx" ON "breakdown_calls" USING btree ("unit_id","called_at");