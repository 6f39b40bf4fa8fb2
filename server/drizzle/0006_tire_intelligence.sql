CREATE TABLE "tire_size_pressures" (
	"size" text PRIMARY KEY NOT NULL,
	"reference_psi" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tire_wear" (
	"tire_id" integer PRIMARY KEY NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"fit_n" integer DEFAULT 0 NOT NULL,
	"slope" double precision,
	"intercept" double precision,
	"slope_se" double precision,
	"first_read_at" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"last_km" double precision,
	"last_groove" real,
	"km_per_day" double precision,
	"km_total" double precision DEFAULT 0 NOT NULL,
	"first_mounted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"retreads" integer DEFAULT 0 NOT NULL,
	"rotations" integer DEFAULT 0 NOT NULL,
	"mm_worn" real DEFAULT 0 NOT NULL,
	"rtd_rise" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tire_requests" ADD COLUMN "purchase_price" bigint;--> statement-breakpoint
ALTER TABLE "tire_requests" ADD COLUMN "retread_cost" bigint;--> statement-breakpoint
ALTER TABLE "tires" ADD COLUMN "purchase_price" bigint;--> statement-breakpoint
ALTER TABLE "tires" ADD COLUMN "retread_cost" bigint;--> statement-breakpoint
ALTER TABLE "tire_wear" ADD CONSTRAINT "tire_wear_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tire_wear_rtd_rise_idx" ON "tire_wear" USING btree ("tire_id") WHERE "tire_wear"."rtd_rise";--> statement-breakpoint
CREATE INDEX "tire_wear_km_idx" ON "tire_wear" USING btree ("tire_id","km_total","mm_worn") WHERE "tire_wear"."km_total" > 0;--> statement-breakpoint
CREATE INDEX "tire_events_source_idx" ON "tire_events" USING btree ("source_id","source_type") WHERE "tire_events"."source_id" is not null;