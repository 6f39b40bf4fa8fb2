// Wear-forecast backtest (issues 11, 41): npm run bench:forecast [-- --database-url postgres://... --sample N]
// Builds the demo fleet in a fresh in-memory PGlite (the demo seed: tread falls with km), or reads
// the database given (a bench fleet, in a transaction rolled back at the end), then for every tire
// life with at least 3 approved readings holds out its last reading, fits the wear line on the
// others and predicts the lowest groove at the held-out reading's km; prints n, median and p90
// absolute error in mm of:
//  - the full robust fit (robustFitCtes in tire-wear/wear.ts: every reading of the life at once);
//  - the incremental fit, the product's line (tire-wear/incremental-fit.ts: one step per reading),
//    with the same SQL as production (refreshTireWear with holdOutLast);
//  - the naive forecast "same as the previous reading", for scale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { type Database, openPglite, openPostgres, rowsOf } from '../server/src/db/client';
import {
  readingCtes,
  refreshTireWear,
  robustFitCtes,
  type WearTarget,
} from '../server/src/db/read-models/tire-wear/wear';
import { seedDemo } from '../server/src/db/seed/demo';
import { localStorage } from '../server/src/lib/storage';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string' }, sample: { type: 'string' } },
});

const started = performance.now();
const url = args['database-url'];
const database: Database = url ? openPostgres(url, 1) : await openPglite();
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-backtest-'));
class RolledBack extends Error {}
try {
  if (!url) {
    await database.migrate();
    await seedDemo(database.db, localStorage(uploads), pino({ level: 'warn' }) as never);
  }
  await database.db.transaction(async (db) => {
    // --sample N: every k-th tire, N in all (a fleet of L refits its 60,000 tires in minutes)
    const sample = args.sample ? Number(args.sample) : 0;
    const target: WearTarget = sample
      ? rowsOf<{ id: number }>(
          await db.execute(sql`select id from tires
            where id % greatest((select count(*) from tires) / ${sample}, 1) = 0 order by id limit ${sample}`),
        ).map((r) => Number(r.id))
      : 'all';
    const t0 = performance.now();
    await refreshTireWear(db, target);
    const refreshMs = performance.now() - t0;
    const t1 = performance.now();
    await db.execute(sql`with ${readingCtes(target)}, ${robustFitCtes()} select count(*) from rfit`);
    const robustMs = performance.now() - t1;

    await refreshTireWear(db, target, { holdOutLast: true });
    const rows = rowsOf<Record<string, number>>(
      await db.execute(sql`
      with ${readingCtes(target, { holdOutLast: true })}, ${robustFitCtes()},
      held as (
        select h.tire_id, h.km, h.groove, f.a + f.b * h.km / 1000 as predicted,
               w.intercept + w.slope * h.km / 1000 as incremental, h.groove - h.rise as previous, h.n_life
          from rdk h join rfit f on f.tire_id = h.tire_id left join tire_wear w on w.tire_id = h.tire_id
         where h.life = h.current_life and h.k = h.n_life and h.n_life >= 3 and f.b is not null
      )
      select count(*)::int as n, count(incremental)::int as n_inc,
             percentile_cont(0.5) within group (order by abs(predicted - groove)) as median,
             percentile_cont(0.9) within group (order by abs(predicted - groove)) as p90,
             avg(abs(predicted - groove)) as mean,
             percentile_cont(0.5) within group (order by abs(incremental - groove)) as inc_median,
             percentile_cont(0.9) within group (order by abs(incremental - groove)) as inc_p90,
             avg(abs(incremental - groove)) as inc_mean,
             percentile_cont(0.5) within group (order by abs(incremental - predicted)) as gap_median,
             percentile_cont(0.9) within group (order by abs(incremental - predicted)) as gap_p90,
             percentile_cont(0.5) within group (order by abs(previous - groove)) as naive_median,
             percentile_cont(0.9) within group (order by abs(previous - groove)) as naive_p90,
             avg(n_life)::float8 as readings
        from held`),
    );
    const r = rows[0]!;
    const [tires] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from tires`));
    const of = sample ? `a sample of ${sample} of its ` : '';
    const f = (x: number) => Number(x).toFixed(3);
    console.log(
      `${url ? 'database given' : 'demo fleet'}: ${of}${tires?.n} tires; refreshTireWear (incremental fit) ${Math.round(refreshMs)} ms, ` +
        `the full robust fit of the same lives ${Math.round(robustMs)} ms (${database.driver})`,
    );
    console.log(
      `forecast backtest (hold out the last reading of each life with >= 3 readings): n=${r.n} lives ` +
        `(${r.n_inc} with an incremental line), avg ${Number(r.readings).toFixed(1)} readings per life`,
    );
    console.log(
      `  full robust fit   abs. error mm: median ${f(r.median!)}  p90 ${f(r.p90!)}  mean ${f(r.mean!)}`,
    );
    console.log(
      `  incremental fit   abs. error mm: median ${f(r.inc_median!)}  p90 ${f(r.inc_p90!)}  mean ${f(r.inc_mean!)}`,
    );
    console.log(`  incremental - full, mm         : median ${f(r.gap_median!)}  p90 ${f(r.gap_p90!)}`);
    console.log(`  naive (previous reading)       : median ${f(r.naive_median!)}  p90 ${f(r.naive_p90!)}`);
    throw new RolledBack();
  });
} catch (err) {
  if (!(err instanceof RolledBack)) throw err;
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s (nothing written)`);
} finally {
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}
