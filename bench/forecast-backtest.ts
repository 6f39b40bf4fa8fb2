// Wear-forecast backtest (issue 11): npm run bench:forecast
// Builds the demo fleet in a fresh in-memory PGlite (the demo seed: tread falls with km), then for
// every tire life with at least 3 approved readings holds out its last reading, fits the wear line
// on the others with the same SQL as production (refreshTireWear with holdOutLast), predicts the
// lowest groove at the held-out reading's km and prints n, median and p90 absolute error in mm.
// The naive forecast "same as the previous reading" is printed beside it for scale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openPglite, rowsOf } from '../server/src/db/client';
import { readingCtes, refreshTireWear } from '../server/src/db/read-models/tire-wear/wear';
import { seedDemo } from '../server/src/db/seed/demo';
import { localStorage } from '../server/src/lib/storage';

const started = performance.now();
const database = await openPglite();
await database.migrate();
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-backtest-'));
try {
  await seedDemo(database.db, localStorage(uploads), pino({ level: 'warn' }) as never);
  const db = database.db;
  const t0 = performance.now();
  await db.transaction(async (tx) => refreshTireWear(tx, 'all'));
  const refreshMs = performance.now() - t0;

  await db.transaction(async (tx) => refreshTireWear(tx, 'all', { holdOutLast: true }));
  const rows = rowsOf<{
    n: number;
    median: number;
    p90: number;
    mean: number;
    naive_median: number;
    naive_p90: number;
    readings: number;
  }>(
    await db.execute(sql`
      with ${readingCtes('all')},
      held as (
        select h.tire_id, h.km, h.groove, w.intercept + w.slope * h.km / 1000 as predicted,
               (select p.groove from rdk p where p.tire_id = h.tire_id and p.life = h.life and p.k = h.k - 1) as previous,
               h.n_life
          from rdk h join tire_wear w on w.tire_id = h.tire_id
         where h.life = h.current_life and h.k = h.n_life and h.n_life >= 3 and w.slope is not null
      )
      select count(*)::int as n,
             percentile_cont(0.5) within group (order by abs(predicted - groove)) as median,
             percentile_cont(0.9) within group (order by abs(predicted - groove)) as p90,
             avg(abs(predicted - groove)) as mean,
             percentile_cont(0.5) within group (order by abs(previous - groove)) as naive_median,
             percentile_cont(0.9) within group (order by abs(previous - groove)) as naive_p90,
             avg(n_life)::float8 as readings
        from held`),
  );
  const r = rows[0]!;
  const [tires] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from tires`));
  const f = (x: number) => Number(x).toFixed(3);
  console.log(`demo fleet: ${tires?.n} tires; refreshTireWear('all') ${Math.round(refreshMs)} ms (PGlite)`);
  console.log(
    `forecast backtest (hold out the last reading of each life with >= 3 readings): n=${r.n} lives, ` +
      `avg ${Number(r.readings).toFixed(1)} readings per life`,
  );
  console.log(`  wear line   absolute error mm: median ${f(r.median)}  p90 ${f(r.p90)}  mean ${f(r.mean)}`);
  console.log(`  naive (previous reading)     : median ${f(r.naive_median)}  p90 ${f(r.naive_p90)}`);
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}
