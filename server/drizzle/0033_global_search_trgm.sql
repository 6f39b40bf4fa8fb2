-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it (db/client.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "units_plate_trgm_idx" ON "units" USING gin (replace("plate_number", ' ', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tires_serial_trgm_idx" ON "tires" USING gin ("serial_number" gin_trgm_ops);