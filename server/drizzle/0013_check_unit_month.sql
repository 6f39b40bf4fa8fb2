CREATE TABLE "report_timezone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"tz" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tire_check_unit_month" (
	"month" date NOT NULL,
	"unit_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tire_check_unit_month_month_unit_id_pk" PRIMARY KEY("month","unit_id")
);
--> statement-breakpoint
ALTER TABLE "report_timezone" ADD CONSTRAINT "report_timezone_one_row" CHECK ("id");
--> statement-breakpoint
-- The server records its APP_TIMEZONE in report_timezone at boot and rebuilds the rollup when it
-- is new or changed (syncReportTimezone); until then the rollup stays empty.
--
-- An added check: +1 on its unit's local month and the bit of its local day.
CREATE FUNCTION "tire_check_unit_month_add"(c "tire_checks") RETURNS void LANGUAGE sql AS $$
  INSERT INTO tire_check_unit_month AS m (month, unit_id, n, days)
  SELECT date_trunc('month', c.created_at AT TIME ZONE z.tz)::date, c.unit_id, 1,
         1 << (extract(day FROM c.created_at AT TIME ZONE z.tz)::int - 1)
    FROM report_timezone z
  ON CONFLICT (month, unit_id) DO UPDATE SET n = m.n + 1, days = m.days | excluded.days
$$;
--> statement-breakpoint
-- A removed or moved check cannot clear its day's bit by itself (the day may have other checks):
-- the unit's month is counted again. The row is locked first, so a check added concurrently is
-- either in the count or added after it, never lost.
CREATE FUNCTION "tire_check_unit_month_recount"(p_unit integer, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT tz FROM report_timezone);
  m date := date_trunc('month', p_at AT TIME ZONE zone)::date;
  cnt integer;
  mask integer;
BEGIN
  IF zone IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO tire_check_unit_month AS r (month, unit_id) VALUES (m, p_unit)
  ON CONFLICT (month, unit_id) DO UPDATE SET n = r.n;
  SELECT count(*), coalesce(bit_or(1 << (extract(day FROM created_at AT TIME ZONE zone)::int - 1)), 0)
    INTO cnt, mask
    FROM tire_checks
   WHERE unit_id = p_unit
     AND created_at >= m::timestamp AT TIME ZONE zone
     AND created_at < (m + interval '1 month')::timestamp AT TIME ZONE zone;
  IF cnt = 0 THEN
    DELETE FROM tire_check_unit_month WHERE month = m AND unit_id = p_unit;
  ELSE
    UPDATE tire_check_unit_month SET n = cnt, days = mask WHERE month = m AND unit_id = p_unit;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "tire_checks_unit_month_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_check_unit_month;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM tire_check_unit_month_add(NEW);
  ELSE
    PERFORM tire_check_unit_month_recount(OLD.unit_id, OLD.created_at);
    IF TG_OP = 'UPDATE' THEN
      PERFORM tire_check_unit_month_recount(NEW.unit_id, NEW.created_at);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_checks_unit_month_ins_del" AFTER INSERT OR DELETE ON "tire_checks"
  FOR EACH ROW EXECUTE FUNCTION tire_checks_unit_month_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_checks_unit_month_upd" AFTER UPDATE OF unit_id, created_at ON "tire_checks"
  FOR EACH ROW WHEN (OLD.unit_id IS DISTINCT FROM NEW.unit_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION tire_checks_unit_month_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_checks_unit_month_truncate" AFTER TRUNCATE ON "tire_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION tire_checks_unit_month_trg();
--> statement-breakpoint
-- The whole rollup from the checks, in the recorded time zone: at a time zone change and after a
-- bulk load that bypassed the triggers. The caller holds off concurrent writes of tire_checks.
CREATE FUNCTION "tire_check_unit_month_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM tire_check_unit_month;
  INSERT INTO tire_check_unit_month (month, unit_id, n, days)
  SELECT date_trunc('month', c.created_at AT TIME ZONE z.tz)::date, c.unit_id, count(*),
         bit_or(1 << (extract(day FROM c.created_at AT TIME ZONE z.tz)::int - 1))
    FROM tire_checks c CROSS JOIN report_timezone z
   GROUP BY 1, 2
   -- a month's rows together, as the trigger writes them on a live system
   ORDER BY 1, 2;
$$;
