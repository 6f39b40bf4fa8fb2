CREATE TABLE "tire_stock_moves" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"tire_id" integer NOT NULL,
	"size_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"stock_after" smallint NOT NULL,
	"stock_delta" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tire_stock_totals" (
	"size_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"stock_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tire_stock_totals_size_key_brand_key_pk" PRIMARY KEY("size_key","brand_key")
);
--> statement-breakpoint
CREATE INDEX "tire_stock_moves_tire_idx" ON "tire_stock_moves" USING btree ("tire_id","event_id","stock_after");--> statement-breakpoint
CREATE INDEX "tire_stock_moves_size_brand_idx" ON "tire_stock_moves" USING btree ("size_key","brand_key","created_at","event_id","stock_delta");--> statement-breakpoint
CREATE INDEX "tire_stock_moves_size_idx" ON "tire_stock_moves" USING btree ("size_key","created_at","event_id","stock_delta");--> statement-breakpoint
CREATE INDEX "tire_stock_moves_brand_idx" ON "tire_stock_moves" USING btree ("brand_key","created_at","event_id","stock_delta");--> statement-breakpoint
CREATE INDEX "tire_stock_moves_all_idx" ON "tire_stock_moves" USING btree ("created_at","event_id","stock_delta");--> statement-breakpoint
-- The tire's in-stock state after a ledger entry: 1 in stock, 0 mounted or scrapped, null when the
-- entry does not say (the state is then carried over from the tire's previous entry).
CREATE FUNCTION "tire_event_stock_state"(e "tire_events") RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN e.to_status IS NOT NULL THEN (CASE WHEN e.to_status IN ('UNINSTALLED', 'SPARE') THEN 1 ELSE 0 END)
    WHEN e.kind IN ('received', 'removed') THEN 1
    WHEN e.kind IN ('installed', 'scrapped') THEN 0
  END)::smallint
$$;
--> statement-breakpoint
-- The stock card rows of one tire rebuilt from its ledger (after an update or delete of its entries,
-- or an entry written out of id order).
CREATE FUNCTION "tire_stock_moves_rebuild"(tid integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM tire_stock_moves WHERE tire_id = tid;
  INSERT INTO tire_stock_moves (event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta)
  SELECT s.id, tid, upper(t.size), upper(t.ir_brand), s.created_at, s.after,
         s.after - coalesce(lag(s.after) OVER (ORDER BY s.id), 0)
    FROM (SELECT g.id, g.created_at, coalesce(max(g.st) OVER (PARTITION BY g.grp), 0)::smallint AS after
            FROM (SELECT e.id, e.created_at, tire_event_stock_state(e) AS st,
                         count(tire_event_stock_state(e)) OVER (ORDER BY e.id) AS grp
                    FROM tire_events e WHERE e.tire_id = tid) g) s
    JOIN tires t ON t.id = tid;
$$;
--> statement-breakpoint
-- Entries written by one statement (a bulk import or seed writes thousands at once): set-based, from
-- the statement's transition table. Each tire's state is carried from its last stored row before
-- the new entries; a tire that already has a row after one of its new entries (written out of id
-- order) is rebuilt from its ledger instead.
CREATE FUNCTION "tire_stock_moves_ins_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  late integer[];
  tid integer;
BEGIN
  late := ARRAY(
    SELECT f.tire_id FROM (SELECT n.tire_id, min(n.id) AS first_id FROM new_events n GROUP BY n.tire_id) f
     WHERE EXISTS (SELECT 1 FROM tire_stock_moves m WHERE m.tire_id = f.tire_id AND m.event_id > f.first_id));
  INSERT INTO tire_stock_moves (event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta)
  SELECT s.id, s.tire_id, upper(t.size), upper(t.ir_brand), s.created_at, s.after,
         s.after - coalesce(lag(s.after) OVER (PARTITION BY s.tire_id ORDER BY s.id), s.prev, 0)
    FROM (SELECT g.id, g.tire_id, g.created_at, g.prev,
                 coalesce(max(g.st) OVER (PARTITION BY g.tire_id, g.grp), g.prev, 0)::smallint AS after
            FROM (SELECT n.id, n.tire_id, n.created_at, p.prev, st.st,
                         count(st.st) OVER (PARTITION BY n.tire_id ORDER BY n.id) AS grp
                    FROM new_events n
                    CROSS JOIN LATERAL (SELECT (CASE
                      WHEN n.to_status IS NOT NULL THEN (CASE WHEN n.to_status IN ('UNINSTALLED', 'SPARE') THEN 1 ELSE 0 END)
                      WHEN n.kind IN ('received', 'removed') THEN 1
                      WHEN n.kind IN ('installed', 'scrapped') THEN 0
                    END)::smallint AS st) st
                    LEFT JOIN LATERAL (
                      SELECT m.stock_after AS prev FROM tire_stock_moves m
                       WHERE m.tire_id = n.tire_id ORDER BY m.event_id DESC LIMIT 1) p ON true
                   WHERE n.tire_id <> ALL (late)) g) s
    JOIN tires t ON t.id = s.tire_id;
  FOREACH tid IN ARRAY late LOOP
    PERFORM tire_stock_moves_rebuild(tid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An entry updated or deleted (the ledger is append-only; a deleted tire takes its entries along):
-- the tire's rows are rebuilt from what its ledger holds.
CREATE FUNCTION "tire_stock_moves_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_stock_moves;
    DELETE FROM tire_stock_totals;
    RETURN NULL;
  END IF;
  PERFORM tire_stock_moves_rebuild(OLD.tire_id);
  IF TG_OP = 'UPDATE' AND NEW.tire_id <> OLD.tire_id THEN
    PERFORM tire_stock_moves_rebuild(NEW.tire_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_events_stock_moves_ins" AFTER INSERT ON "tire_events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_moves_ins_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_events_stock_moves" AFTER UPDATE OR DELETE ON "tire_events"
  FOR EACH ROW EXECUTE FUNCTION tire_stock_moves_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_events_stock_moves_truncate" AFTER TRUNCATE ON "tire_events"
  FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_moves_trg();
--> statement-breakpoint
-- a tire's new size or brand moves its whole card history, as the card reads the tire's current ones
CREATE FUNCTION "tires_stock_keys_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tire_stock_moves SET size_key = upper(NEW.size), brand_key = upper(NEW.ir_brand)
   WHERE tire_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tires_stock_keys" AFTER UPDATE OF size, ir_brand ON "tires"
  FOR EACH ROW WHEN (upper(OLD.size) IS DISTINCT FROM upper(NEW.size) OR upper(OLD.ir_brand) IS DISTINCT FROM upper(NEW.ir_brand))
  EXECUTE FUNCTION tires_stock_keys_trg();
--> statement-breakpoint
-- entries and the sum of changes per size and brand, kept with every row of tire_stock_moves
CREATE FUNCTION "tire_stock_totals_apply"(sk text, bk text, dn integer, ds integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tire_stock_totals AS s (size_key, brand_key, n, stock_sum) VALUES (sk, bk, dn, ds)
  ON CONFLICT (size_key, brand_key) DO UPDATE SET n = s.n + excluded.n, stock_sum = s.stock_sum + excluded.stock_sum;
$$;
--> statement-breakpoint
-- per statement, from its transition tables (a tire's changed size moves all its rows at once)
CREATE FUNCTION "tire_stock_totals_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tire_stock_totals;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tire_stock_totals_apply(o.size_key, o.brand_key, -o.n, -o.s)
       FROM (SELECT size_key, brand_key, count(*)::int AS n, sum(stock_delta)::int AS s
               FROM old_moves GROUP BY 1, 2) o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tire_stock_totals_apply(x.size_key, x.brand_key, x.n, x.s)
       FROM (SELECT size_key, brand_key, count(*)::int AS n, sum(stock_delta)::int AS s
               FROM new_moves GROUP BY 1, 2) x;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_totals_ins" AFTER INSERT ON "tire_stock_moves"
  REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_totals_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_totals_upd" AFTER UPDATE ON "tire_stock_moves"
  REFERENCING OLD TABLE AS old_moves NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_totals_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_totals_del" AFTER DELETE ON "tire_stock_moves"
  REFERENCING OLD TABLE AS old_moves FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_totals_trg();
--> statement-breakpoint
CREATE TRIGGER "tire_stock_moves_totals_truncate" AFTER TRUNCATE ON "tire_stock_moves"
  FOR EACH STATEMENT EXECUTE FUNCTION tire_stock_totals_trg();
--> statement-breakpoint
-- the ledger already there (set-based; the insert trigger writes the totals)
INSERT INTO tire_stock_moves (event_id, tire_id, size_key, brand_key, created_at, stock_after, stock_delta)
SELECT s.id, s.tire_id, upper(t.size), upper(t.ir_brand), s.created_at, s.after,
       s.after - coalesce(lag(s.after) OVER (PARTITION BY s.tire_id ORDER BY s.id), 0)
  FROM (SELECT g.id, g.tire_id, g.created_at, coalesce(max(g.st) OVER (PARTITION BY g.tire_id, g.grp), 0)::smallint AS after
          FROM (SELECT e.id, e.tire_id, e.created_at, tire_event_stock_state(e) AS st,
                       count(tire_event_stock_state(e)) OVER (PARTITION BY e.tire_id ORDER BY e.id) AS grp
                  FROM tire_events e) g) s
  JOIN tires t ON t.id = s.tire_id
 ORDER BY s.created_at, s.id;
