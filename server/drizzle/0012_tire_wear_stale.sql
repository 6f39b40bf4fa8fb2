CREATE TABLE "tire_wear_stale" (
	"tire_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
