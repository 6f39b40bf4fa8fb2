CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tire_check_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tire_check_id" integer NOT NULL,
	"tire_id" integer,
	"position" text NOT NULL,
	"serial_number" text NOT NULL,
	"serial_number_url" text DEFAULT '-' NOT NULL,
	"ir_brand" text DEFAULT '' NOT NULL,
	"ori_brand" text DEFAULT '' NOT NULL,
	"pattern" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"groove_1" real,
	"groove_2" real,
	"groove_3" real,
	"groove_4" real,
	"pressure" real,
	"condition" text DEFAULT '0,0,0,0,0' NOT NULL,
	"rotation" text DEFAULT '' NOT NULL,
	"temperature" real,
	"information" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tire_check_records_rtd_ck" CHECK (coalesce(least("tire_check_records"."groove_1", "tire_check_records"."groove_2", "tire_check_records"."groove_3", "tire_check_records"."groove_4"), 0) >= 0 and coalesce(greatest("tire_check_records"."groove_1", "tire_check_records"."groove_2", "tire_check_records"."groove_3", "tire_check_records"."groove_4"), 0) <= 24),
	CONSTRAINT "tire_check_records_psi_ck" CHECK ("tire_check_records"."pressure" is null or "tire_check_records"."pressure" between 0 and 200)
);
--> statement-breakpoint
CREATE TABLE "tire_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"plate_number" text NOT NULL,
	"tireman_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"project_id" integer,
	"driver_id" integer,
	"odometer" integer NOT NULL,
	"equipment" text DEFAULT '' NOT NULL,
	"tireman_sign" text DEFAULT '-' NOT NULL,
	"driver_sign" text DEFAULT '-' NOT NULL,
	"pic_sign" text DEFAULT '-' NOT NULL,
	"pic_name" text DEFAULT '-' NOT NULL,
	"edp_sign" text DEFAULT '-' NOT NULL,
	"workshop_sign" text DEFAULT '-' NOT NULL,
	"itms_sign" text DEFAULT '-' NOT NULL,
	"plate_number_url" text DEFAULT '-' NOT NULL,
	"odometer_url" text DEFAULT '-' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"returned_at" timestamp with time zone,
	"validated_by" integer,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tire_checks_status_ck" CHECK ("tire_checks"."status" in ('pending', 'approved')),
	CONSTRAINT "tire_checks_odometer_ck" CHECK ("tire_checks"."odometer" >= 0),
	CONSTRAINT "tire_checks_approved_signed_ck" CHECK ("tire_checks"."status" <> 'approved' or "tire_checks"."edp_sign" <> '-')
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"news" text NOT NULL,
	"author" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tireman_id" integer,
	"name_qc" text NOT NULL,
	"unit_id" integer NOT NULL,
	"location_id" integer,
	"check1" text NOT NULL,
	"check2" text NOT NULL,
	"check3" text NOT NULL,
	"check4" text NOT NULL,
	"check5" text NOT NULL,
	"check6" text NOT NULL,
	"check7" text NOT NULL,
	"check8" text NOT NULL,
	"check9" text NOT NULL,
	"check10" text NOT NULL,
	"check11" text NOT NULL,
	"check12" text NOT NULL,
	"check13" text NOT NULL,
	"check14" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sop_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mismatch_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"mismatch_id" integer NOT NULL,
	"position" text NOT NULL,
	"origin_tire_id" integer,
	"origin_serial" text DEFAULT '' NOT NULL,
	"found_serial" text DEFAULT '' NOT NULL,
	"new_tire_id" integer,
	"action" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mismatch_positions_action_ck" CHECK ("mismatch_positions"."action" is null or "mismatch_positions"."action" in ('update', 'normal', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"tireman_id" integer,
	"location_id" integer,
	"project_id" integer,
	"category" text NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	"driver" text,
	"driver_phone" text DEFAULT '' NOT NULL,
	"driver_photo" text DEFAULT '-' NOT NULL,
	"image_url" text DEFAULT '-' NOT NULL,
	"signature_url" text DEFAULT '-' NOT NULL,
	"itms_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mismatches_status_ck" CHECK ("mismatches"."status" in ('pending', 'approved')),
	CONSTRAINT "mismatches_approved_signed_ck" CHECK ("mismatches"."status" <> 'approved' or "mismatches"."signature_url" <> '-')
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '-' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"manpower" integer DEFAULT 0 NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"target_check" integer
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate_number" text NOT NULL,
	"unit_type" text NOT NULL,
	"project_id" integer NOT NULL,
	"plan_project" text DEFAULT '-' NOT NULL,
	"handled_date" date,
	"tonnage" real DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_tonnage_ck" CHECK ("units"."tonnage" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tire_replace_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tire_replacement_id" integer NOT NULL,
	"tire_id" integer,
	"position" text DEFAULT '' NOT NULL,
	"odometer" integer DEFAULT 0 NOT NULL,
	"serial_number" text NOT NULL,
	"serial_number_img" text DEFAULT '-' NOT NULL,
	"ir_brand" text DEFAULT '' NOT NULL,
	"ori_brand" text DEFAULT '' NOT NULL,
	"pattern" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"is_original" text DEFAULT 'ORI' NOT NULL,
	"groove_1" real,
	"groove_2" real,
	"groove_3" real,
	"groove_4" real,
	"pressure" real,
	"groove_lowest" real,
	"casing_status" text DEFAULT '' NOT NULL,
	"tube_brand" text DEFAULT '' NOT NULL,
	"tube_size" text DEFAULT '' NOT NULL,
	"tube_status" text DEFAULT '' NOT NULL,
	"flap_brand" text DEFAULT '' NOT NULL,
	"flap_size" text DEFAULT '' NOT NULL,
	"flap_status" text DEFAULT '' NOT NULL,
	"velg_brand" text DEFAULT '' NOT NULL,
	"velg_size" text DEFAULT '' NOT NULL,
	"velg_holes" integer,
	"velg_status" text DEFAULT '' NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT '-' NOT NULL,
	"tube_url" text DEFAULT '-' NOT NULL,
	"flap_url" text DEFAULT '-' NOT NULL,
	"inner_tube_url" text DEFAULT '-' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tire_replace_records_status_ck" CHECK ("tire_replace_records"."status" in ('replace', 'remove', 'check')),
	CONSTRAINT "tire_replace_records_rtd_ck" CHECK (coalesce(least("tire_replace_records"."groove_1", "tire_replace_records"."groove_2", "tire_replace_records"."groove_3", "tire_replace_records"."groove_4"), 0) >= 0 and coalesce(greatest("tire_replace_records"."groove_1", "tire_replace_records"."groove_2", "tire_replace_records"."groove_3", "tire_replace_records"."groove_4"), 0) <= 24),
	CONSTRAINT "tire_replace_records_psi_ck" CHECK ("tire_replace_records"."pressure" is null or "tire_replace_records"."pressure" between 0 and 200)
);
--> statement-breakpoint
CREATE TABLE "tire_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"tireman_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"project_id" integer,
	"odometer" integer NOT NULL,
	"spk" text DEFAULT '' NOT NULL,
	"plate_number_url" text DEFAULT '-' NOT NULL,
	"odometer_url" text DEFAULT '-' NOT NULL,
	"tireman_sign" text DEFAULT '-' NOT NULL,
	"pic_sign" text DEFAULT '-' NOT NULL,
	"itms_sign" text DEFAULT '-' NOT NULL,
	"edp_sign" text DEFAULT '-' NOT NULL,
	"workshop_sign" text DEFAULT '-' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"returned_at" timestamp with time zone,
	"validated_by" integer,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tire_replacements_status_ck" CHECK ("tire_replacements"."status" in ('pending', 'approved')),
	CONSTRAINT "tire_replacements_odometer_ck" CHECK ("tire_replacements"."odometer" >= 0),
	CONSTRAINT "tire_replacements_approved_signed_ck" CHECK ("tire_replacements"."status" <> 'approved' or "tire_replacements"."edp_sign" <> '-')
);
--> statement-breakpoint
CREATE TABLE "active_unit_tires" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"position" text NOT NULL,
	"tire_id" integer,
	"status" text DEFAULT 'INSTALLED' NOT NULL,
	"km_installed" integer DEFAULT 0 NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "active_unit_tires_status_ck" CHECK ("active_unit_tires"."status" in ('INSTALLED', 'UNINSTALLED')),
	CONSTRAINT "active_unit_tires_position_ck" CHECK ("active_unit_tires"."position" in ('1','2','3','4','5','6','7','8','9','10','11','12','ST','ST2'))
);
--> statement-breakpoint
CREATE TABLE "tire_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tire_id" integer NOT NULL,
	"kind" text NOT NULL,
	"unit_id" integer,
	"position" text,
	"odometer" integer,
	"from_status" text,
	"to_status" text,
	"user_id" integer,
	"source_type" text DEFAULT 'manual' NOT NULL,
	"source_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tire_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"odometer" integer DEFAULT 0 NOT NULL,
	"serial_number" text NOT NULL,
	"serial_number_img" text DEFAULT '-' NOT NULL,
	"ir_brand" text DEFAULT '' NOT NULL,
	"ori_brand" text DEFAULT '' NOT NULL,
	"pattern" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"is_original" text DEFAULT 'ORI' NOT NULL,
	"groove_1" real,
	"groove_2" real,
	"groove_3" real,
	"groove_4" real,
	"pressure" real,
	"groove_lowest" real,
	"casing_status" text DEFAULT '' NOT NULL,
	"tube_brand" text DEFAULT '' NOT NULL,
	"tube_size" text DEFAULT '' NOT NULL,
	"tube_status" text DEFAULT '' NOT NULL,
	"flap_brand" text DEFAULT '' NOT NULL,
	"flap_size" text DEFAULT '' NOT NULL,
	"flap_status" text DEFAULT '' NOT NULL,
	"velg_brand" text DEFAULT '' NOT NULL,
	"velg_size" text DEFAULT '' NOT NULL,
	"velg_holes" integer,
	"velg_status" text DEFAULT '' NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT '-' NOT NULL,
	"tube_url" text DEFAULT '-' NOT NULL,
	"flap_url" text DEFAULT '-' NOT NULL,
	"inner_tube_url" text DEFAULT '-' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tire_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tire_requests_status_ck" CHECK ("tire_requests"."status" in ('pending', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "tires" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"odometer" integer DEFAULT 0 NOT NULL,
	"serial_number" text NOT NULL,
	"serial_number_img" text DEFAULT '-' NOT NULL,
	"ir_brand" text DEFAULT '' NOT NULL,
	"ori_brand" text DEFAULT '' NOT NULL,
	"pattern" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"is_original" text DEFAULT 'ORI' NOT NULL,
	"groove_1" real,
	"groove_2" real,
	"groove_3" real,
	"groove_4" real,
	"pressure" real,
	"groove_lowest" real,
	"casing_status" text DEFAULT '' NOT NULL,
	"tube_brand" text DEFAULT '' NOT NULL,
	"tube_size" text DEFAULT '' NOT NULL,
	"tube_status" text DEFAULT '' NOT NULL,
	"flap_brand" text DEFAULT '' NOT NULL,
	"flap_size" text DEFAULT '' NOT NULL,
	"flap_status" text DEFAULT '' NOT NULL,
	"velg_brand" text DEFAULT '' NOT NULL,
	"velg_size" text DEFAULT '' NOT NULL,
	"velg_holes" integer,
	"velg_status" text DEFAULT '' NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT '-' NOT NULL,
	"tube_url" text DEFAULT '-' NOT NULL,
	"flap_url" text DEFAULT '-' NOT NULL,
	"inner_tube_url" text DEFAULT '-' NOT NULL,
	"status" text DEFAULT 'UNINSTALLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tires_status_ck" CHECK ("tires"."status" in ('INSTALLED', 'UNINSTALLED', 'SCRAP', 'SPARE')),
	CONSTRAINT "tires_odometer_ck" CHECK ("tires"."odometer" >= 0),
	CONSTRAINT "tires_rtd_ck" CHECK (coalesce(least("tires"."groove_1", "tires"."groove_2", "tires"."groove_3", "tires"."groove_4"), 0) >= 0 and coalesce(greatest("tires"."groove_1", "tires"."groove_2", "tires"."groove_3", "tires"."groove_4"), 0) <= 24),
	CONSTRAINT "tires_psi_ck" CHECK ("tires"."pressure" is null or "tires"."pressure" between 0 and 200)
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nik" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"photo" text DEFAULT '-' NOT NULL,
	"signature" text DEFAULT '-' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('admin', 'staff', 'tire-man'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_check_records" ADD CONSTRAINT "tire_check_records_tire_check_id_tire_checks_id_fk" FOREIGN KEY ("tire_check_id") REFERENCES "public"."tire_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_check_records" ADD CONSTRAINT "tire_check_records_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_tireman_id_users_id_fk" FOREIGN KEY ("tireman_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_checks" ADD CONSTRAINT "tire_checks_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_checks" ADD CONSTRAINT "qc_checks_tireman_id_users_id_fk" FOREIGN KEY ("tireman_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_checks" ADD CONSTRAINT "qc_checks_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_checks" ADD CONSTRAINT "qc_checks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatch_positions" ADD CONSTRAINT "mismatch_positions_mismatch_id_mismatches_id_fk" FOREIGN KEY ("mismatch_id") REFERENCES "public"."mismatches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatch_positions" ADD CONSTRAINT "mismatch_positions_origin_tire_id_tires_id_fk" FOREIGN KEY ("origin_tire_id") REFERENCES "public"."tires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatch_positions" ADD CONSTRAINT "mismatch_positions_new_tire_id_tires_id_fk" FOREIGN KEY ("new_tire_id") REFERENCES "public"."tires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_tireman_id_users_id_fk" FOREIGN KEY ("tireman_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_itms_id_users_id_fk" FOREIGN KEY ("itms_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replace_records" ADD CONSTRAINT "tire_replace_records_tire_replacement_id_tire_replacements_id_fk" FOREIGN KEY ("tire_replacement_id") REFERENCES "public"."tire_replacements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replace_records" ADD CONSTRAINT "tire_replace_records_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_tireman_id_users_id_fk" FOREIGN KEY ("tireman_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_replacements" ADD CONSTRAINT "tire_replacements_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_unit_tires" ADD CONSTRAINT "active_unit_tires_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_unit_tires" ADD CONSTRAINT "active_unit_tires_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_events" ADD CONSTRAINT "tire_events_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_events" ADD CONSTRAINT "tire_events_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_events" ADD CONSTRAINT "tire_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tire_requests" ADD CONSTRAINT "tire_requests_tire_id_tires_id_fk" FOREIGN KEY ("tire_id") REFERENCES "public"."tires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tire_check_records_check_idx" ON "tire_check_records" USING btree ("tire_check_id");--> statement-breakpoint
CREATE INDEX "tire_check_records_tire_idx" ON "tire_check_records" USING btree ("tire_id","created_at");--> statement-breakpoint
CREATE INDEX "tire_checks_created_idx" ON "tire_checks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tire_checks_tireman_created_idx" ON "tire_checks" USING btree ("tireman_id","created_at");--> statement-breakpoint
CREATE INDEX "tire_checks_unit_created_idx" ON "tire_checks" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX "tire_checks_location_created_idx" ON "tire_checks" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "tire_checks_queue_idx" ON "tire_checks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_checks"."edp_sign" = '-' and "tire_checks"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "qc_checks_created_idx" ON "qc_checks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mismatch_positions_mismatch_idx" ON "mismatch_positions" USING btree ("mismatch_id");--> statement-breakpoint
CREATE INDEX "mismatches_created_idx" ON "mismatches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mismatches_pending_idx" ON "mismatches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mismatches"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "locations_region_idx" ON "locations" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_plate_uq" ON "units" USING btree ("plate_number");--> statement-breakpoint
CREATE INDEX "units_project_idx" ON "units" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "tire_replace_records_replacement_idx" ON "tire_replace_records" USING btree ("tire_replacement_id");--> statement-breakpoint
CREATE INDEX "tire_replace_records_tire_idx" ON "tire_replace_records" USING btree ("tire_id");--> statement-breakpoint
CREATE INDEX "tire_replacements_created_idx" ON "tire_replacements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tire_replacements_unit_idx" ON "tire_replacements" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX "tire_replacements_queue_idx" ON "tire_replacements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tire_replacements"."status" = 'pending' and "tire_replacements"."returned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "active_unit_tires_unit_pos_uq" ON "active_unit_tires" USING btree ("unit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "active_unit_tires_tire_uq" ON "active_unit_tires" USING btree ("tire_id") WHERE "active_unit_tires"."status" = 'INSTALLED';--> statement-breakpoint
CREATE INDEX "tire_events_tire_idx" ON "tire_events" USING btree ("tire_id","id");--> statement-breakpoint
CREATE INDEX "tire_events_created_idx" ON "tire_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tire_requests_created_idx" ON "tire_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tires_serial_uq" ON "tires" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "tires_serial_prefix_idx" ON "tires" USING btree (lower("serial_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tires_status_idx" ON "tires" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tires_lowest_idx" ON "tires" USING btree ("groove_lowest");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_one_active_uq" ON "sessions" USING btree ("user_id") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");