CREATE TABLE "region_plans" (
	"region_id" integer NOT NULL,
	"month" date NOT NULL,
	"manpower" integer NOT NULL,
	"target_check" integer,
	CONSTRAINT "region_plans_region_id_month_pk" PRIMARY KEY("region_id","month"),
	CONSTRAINT "region_plans_month_first_day" CHECK (extract(day from "region_plans"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "region_plans" ADD CONSTRAINT "region_plans_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- every region's plan as it is today applies to every month so far: nothing already shown changes
INSERT INTO "region_plans" ("region_id", "month", "manpower", "target_check")
SELECT "id", DATE '2000-01-01', "manpower", "target_check" FROM "regions";
