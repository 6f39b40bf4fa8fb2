CREATE TABLE "defect_codes" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text,
	"unsafe" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "defect_codes_code_range" CHECK ("defect_codes"."code" between 1 and 98)
);
--> statement-breakpoint
-- the seed's codes 1-40, named where the seed names them; the others read 'Kode N' until named
INSERT INTO "defect_codes" ("code", "name", "unsafe")
SELECT c,
       CASE c WHEN 1 THEN 'Crown Cut' WHEN 8 THEN 'Tread Leaving Casing' WHEN 16 THEN 'Shoulder Cut'
              WHEN 23 THEN 'Sidewall Cut' WHEN 29 THEN 'Vehicle Damage' WHEN 36 THEN 'Running Flat'
              WHEN 40 THEN 'Filling Failure' END,
       c IN (23, 36)
  FROM generate_series(1, 40) AS c;
