CREATE TABLE "tire_check_monthly" (
	"month" date NOT NULL,
	"location_id" integer NOT NULL,
	"tireman_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"awaiting_pic" integer DEFAULT 0 NOT NULL,
	"awaiting_edp" integer DEFAULT 0 NOT NULL,
	"awaiting_workshop" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tire_check_monthly_month_location_id_tireman_id_pk" PRIMARY KEY("month","location_id","tireman_id")
);
--> statement-breakpoint
-- The monthly level of the rollup, kept by the same trigger as tire_check_daily (0003): each change
-- of a check is applied to its day and to its month in the same transaction.
CREATE OR REPLACE FUNCTION "tire_check_daily_apply"(c "tire_checks", sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tire_check_daily AS d
    (day, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  VALUES (
    (c.created_at AT TIME ZONE 'UTC')::date, c.location_id, c.tireman_id, sign,
    sign * (c.status = 'approved')::int,
    sign * (c.pic_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')::int)
  ON CONFLICT (day, location_id, tireman_id) DO UPDATE SET
    n = d.n + excluded.n,
    approved = d.approved + excluded.approved,
    awaiting_pic = d.awaiting_pic + excluded.awaiting_pic,
    awaiting_edp = d.awaiting_edp + excluded.awaiting_edp,
    awaiting_workshop = d.awaiting_workshop + excluded.awaiting_workshop;
  INSERT INTO tire_check_monthly AS m
    (month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
  VALUES (
    date_trunc('month', c.created_at AT TIME ZONE 'UTC')::date, c.location_id, c.tireman_id, sign,
    sign * (c.status = 'approved')::int,
    sign * (c.pic_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign = '-')::int,
    sign * (c.pic_sign <> '-' AND c.edp_sign <> '-' AND c.workshop_sign = '-')::int)
  ON CONFLICT (month, location_id, tireman_id) DO UPDATE SET
    n = m.n + excluded.n,
    approved = m.approved + excluded.approved,
    awaiting_pic = m.awaiting_pic + excluded.awaiting_pic,
    awaiting_edp = m.awaiting_edp + excluded.awaiting_edp,
    awaiting_workshop = m.awaiting_workshop + excluded.awaiting_workshop;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tire_checks_daily_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- not TRUNCATE: the tables may be in the same TRUNCATE statement
    DELETE FROM tire_check_daily;
    DELETE FROM tire_check_monthly;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tire_check_daily_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tire_check_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- the checks already there, from the daily rollup
INSERT INTO tire_check_monthly (month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop)
SELECT date_trunc('month', day::timestamp)::date, location_id, tireman_id, sum(n), sum(approved), sum(awaiting_pic),
       sum(awaiting_edp), sum(awaiting_workshop)
  FROM tire_check_daily
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3;
