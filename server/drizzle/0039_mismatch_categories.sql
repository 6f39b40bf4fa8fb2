CREATE TABLE "mismatch_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mismatch_categories_name_uq" ON "mismatch_categories" USING btree (lower(btrim("name")));--> statement-breakpoint
-- the four categories the field app suggested until now
INSERT INTO "mismatch_categories" ("name") VALUES
	('Nomor seri tidak sesuai'), ('Posisi ban tertukar'), ('Ban tidak terdaftar'), ('Ban hilang');--> statement-breakpoint
-- every category a BKB already carries, trimmed, one per spelling regardless of case (the earliest
-- BKB's spelling), so that no BKB loses its category
INSERT INTO "mismatch_categories" ("name")
SELECT x.name FROM (
	SELECT DISTINCT ON (lower(btrim("category"))) btrim("category") AS name, "id"
	  FROM "mismatches" WHERE btrim("category") <> ''
	 ORDER BY lower(btrim("category")), "id"
) x ORDER BY x.id
ON CONFLICT (lower(btrim("name"))) DO NOTHING;--> statement-breakpoint
-- each BKB carries its category's name exactly as listed
UPDATE "mismatches" m SET "category" = c."name"
  FROM "mismatch_categories" c
 WHERE lower(btrim(m."category")) = lower(btrim(c."name")) AND m."category" <> c."name";
