// Wear fit and tire life on hand-made histories (issue 11): tires, mounts and approved checks
// written straight into a real database, then refreshTireWear and the read model the API serves.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FX, openTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  queueTireWear,
  refreshQueuedTireWear,
  refreshTireWear,
  tireWearQueueInsert,
} from '../../db/read-models/tire-wear/wear';
import { createTireIntelligenceQueries } from './tire-intelligence.queries';
import { createWearRefresher } from './wear-refresher';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 2, 0, 0);
const at = (day: number) => new Date(T0 + day * DAY);

type Step =
  | { kind: 'install'; day: number; unit: number; position: string; odo: number }
  | { kind: 'remove'; day: number; unit: number; position: string; odo: number }
  | { kind: 'retread'; day: number }
  | { kind: 'read'; day: number; unit: number; position: string; odo: number; groove: number }
  /** Mounted by a validated replacement that measured it at `groove`. */
  | { kind: 'replace'; day: number; unit: number; position: string; odo: number; groove: number };

let database: Database;
let ids: { tireman: number; location: number; project: number };
let unitSeq = 0;
let serialSeq = 0;

async function newUnit(): Promise<number> {
  unitSeq += 1;
  const [u] = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      insert into units (plate_number, unit_type, project_id, tonnage, handled_date)
      values (${`B ${7000 + unitSeq} WR`}, 'TRONTON', ${ids.project}, 20, '2024-12-01') returning id`),
  );
  return u!.id;
}

/** Writes a tire's history (ledger events and approved checks with one record each); returns its id. */
async function history(steps: Step[], tire: { is_original?: string; size?: string } = {}): Promise<number> {
  serialSeq += 1;
  const db = database.db;
  const [t] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into tires (serial_number, ir_brand, ori_brand, pattern, size, is_original, status)
      values (${`W-${serialSeq}`}, 'GAJAH TUNGGAL', 'GAJAH TUNGGAL', 'GT 88', ${tire.size ?? '10.00-20'},
              ${tire.is_original ?? 'ORI'}, 'UNINSTALLED') returning id`),
  );
  const tireId = t!.id;
  let mounted: { unit: number; position: string; odo: number; day: number } | null = null;
  for (const s of steps) {
    if (s.kind === 'replace') {
      const [r] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into tire_replacements (unit_id, tireman_id, location_id, odometer, status, edp_sign, created_at, performed_at)
          values (${s.unit}, ${ids.tireman}, ${ids.location}, ${s.odo}, 'approved', 'sign.png', ${at(s.day)}, ${at(s.day)})
          returning id`),
      );
      await db.execute(sql`
        insert into tire_replace_records (tire_replacement_id, tire_id, serial_number, position, status, groove_1, groove_2, groove_3, groove_4)
        values (${r!.id}, ${tireId}, ${`W-${serialSeq}`}, ${s.position}, 'replace', ${s.groove}, ${s.groove}, ${s.groove + 0.5}, ${s.groove})`);
      // the ledger writes the mount when the office validates: an hour after the work
      await db.execute(sql`
        insert into tire_events (tire_id, kind, unit_id, position, odometer, source_type, source_id, created_at)
        values (${tireId}, 'installed', ${s.unit}, ${s.position}, ${s.odo}, 'tire-replacement', ${r!.id}, ${new Date(at(s.day).getTime() + 3_600_000)})`);
      mounted = { unit: s.unit, position: s.position, odo: s.odo, day: s.day };
    } else if (s.kind === 'install' || s.kind === 'remove') {
      await db.execute(sql`
        insert into tire_events (tire_id, kind, unit_id, position, odometer, created_at)
        values (${tireId}, ${s.kind === 'install' ? 'installed' : 'removed'}, ${s.unit}, ${s.position}, ${s.odo}, ${at(s.day)})`);
      mounted = s.kind === 'install' ? { unit: s.unit, position: s.position, odo: s.odo, day: s.day } : null;
    } else if (s.kind === 'retread') {
      await db.execute(sql`
        insert into tire_events (tire_id, kind, created_at) values (${tireId}, 'retreaded', ${at(s.day)})`);
    } else {
      const [c] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, status, edp_sign, created_at, performed_at)
          values (${s.unit}, 'X', ${ids.tireman}, ${ids.location}, ${s.odo}, 'approved', 'sign.png', ${at(s.day)}, ${at(s.day)})
          returning id`),
      );
      await db.execute(sql`
        insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4, pressure)
        values (${c!.id}, ${tireId}, ${s.position}, ${`W-${serialSeq}`}, ${s.groove + 0.5}, ${s.groove}, ${s.groove + 1}, ${s.groove + 0.5}, 100)`);
    }
  }
  if (mounted) {
    await db.execute(sql`
      insert into active_unit_tires (unit_id, position, tire_id, status, km_installed, installed_at)
      values (${mounted.unit}, ${mounted.position}, ${tireId}, 'INSTALLED', ${mounted.odo}, ${at(mounted.day)})
      on conflict (unit_id, position) do update set tire_id = excluded.tire_id, status = 'INSTALLED'`);
    await db.execute(
      sql`update tires set status = 'INSTALLED', position = ${mounted.position} where id = ${tireId}`,
    );
  }
  const last = steps.filter((s) => s.kind === 'read' || s.kind === 'replace').at(-1);
  if (last?.kind === 'read' || last?.kind === 'replace') {
    await db.execute(sql`update tires set groove_lowest = ${last.groove} where id = ${tireId}`);
  }
  return tireId;
}

/** Mount on a new unit at odometer 10,000 on day 0, then readings every 10 days at `kmPerStep` km. */
async function linear(grooves: number[], kmPerStep = 3000, position = '1') {
  const unit = await newUnit();
  return history([
    { kind: 'install', day: 0, unit, position, odo: 10_000 },
    ...grooves.map((groove, i) => ({
      kind: 'read' as const,
      day: 1 + i * 10,
      unit,
      position,
      odo: 10_000 + (i + 1) * kmPerStep,
      groove,
    })),
  ]);
}

const queries = () =>
  createTireIntelligenceQueries(database.db, { pullPointMm: 3, timezone: 'Asia/Jakarta' });

async function life(tireId: number) {
  await database.db.transaction(async (tx) => refreshTireWear(tx, [tireId]));
  return queries().tireLife(tireId);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const [r] = rowsOf<{ tireman: number; location: number; project: number }>(
    await database.db.execute(sql`
      select (select id from users where email = ${FX.tireman.email}) as tireman,
             (select id from locations where name = ${FX.location}) as location,
             (select id from projects where name = ${FX.project}) as project`),
  );
  ids = r!;
});
afterAll(async () => {
  await database?.close();
});

describe('wear fit', () => {
  it('fits an exact line: rate, pull km and date', async () => {
    // 0.2 mm per 1,000 km from 16 mm: at tire km 3,000 x i the lowest groove is 16 - 0.6 i
    const id = await linear([15.4, 14.8, 14.2, 13.6, 13.0, 12.4]);
    const l = await life(id);
    expect(l.forecast.state).toBe('ok');
    expect(l.forecast.readings).toBe(6);
    expect(l.forecast.wear_rate).toBeCloseTo(0.2, 6);
    // the line meets 3 mm at (16 - 3) / 0.2 = 65,000 km
    expect(l.forecast.pull_km).toBe(65_000);
    expect(l.km_total).toBe(18_000);
    // 300 km a day: the remaining 47,000 km take 156.67 days after the last reading (day 51)
    expect(l.forecast.km_per_day).toBeCloseTo(300, 6);
    const expected = new Date(at(51).getTime() + (47_000 / 300) * DAY);
    expect(l.forecast.pull_date).toBe(new Date(expected.getTime() + 7 * 3600_000).toISOString().slice(0, 10));
    // an exact line has no uncertainty
    expect(l.forecast.pull_km_early).toBe(65_000);
    expect(l.forecast.pull_km_late).toBe(65_000);
    expect(l.history.map((h) => h.groove)).toEqual([15.4, 14.8, 14.2, 13.6, 13.0, 12.4]);
    expect(l.mm_worn).toBeCloseTo(3, 6);
  });

  it('fits noisy readings within tolerance, with a band around the rate', async () => {
    const noise = [0.3, -0.2, 0.1, -0.3, 0.2, 0, -0.1, 0.3, -0.2, 0.1, -0.3, 0.2];
    const id = await linear(noise.map((n, i) => Math.round((17 - 0.45 * (i + 1) + n) * 10) / 10));
    const l = await life(id);
    // 0.15 mm per 1,000 km (3,000 km per step)
    expect(l.forecast.wear_rate!).toBeGreaterThan(0.13);
    expect(l.forecast.wear_rate!).toBeLessThan(0.17);
    expect(l.forecast.wear_rate_low!).toBeLessThan(l.forecast.wear_rate!);
    expect(l.forecast.wear_rate_high!).toBeGreaterThan(l.forecast.wear_rate!);
    expect(l.forecast.pull_km_early!).toBeLessThan(l.forecast.pull_km!);
    expect(l.forecast.pull_km_late!).toBeGreaterThan(l.forecast.pull_km!);
    expect(l.forecast.pull_date_early! < l.forecast.pull_date!).toBe(true);
  });

  it('is not moved by one bad reading, wherever it is', async () => {
    const clean = [15.4, 14.8, 14.2, 13.6, 13.0, 12.4, 11.8, 11.2];
    for (const bad of [2, 6]) {
      const grooves = clean.map((g, i) => (i === bad ? g - 5 : g));
      const l = await life(await linear(grooves));
      expect(l.forecast.wear_rate).toBeCloseTo(0.2, 6);
      expect(l.forecast.pull_km).toBe(65_000);
    }
    // and a plain least-squares fit would have been: the bad reading is in the history
    const l = await life(await linear(clean.map((g, i) => (i === 6 ? g - 5 : g))));
    expect(l.history).toHaveLength(8);
  });

  it('fits only the life after a retread, counts it, and raises no RTD alert', async () => {
    const unit = await newUnit();
    const id = await history([
      { kind: 'install', day: 0, unit, position: '3', odo: 20_000 },
      { kind: 'read', day: 5, unit, position: '3', odo: 23_000, groove: 15 },
      { kind: 'read', day: 15, unit, position: '3', odo: 26_000, groove: 13 },
      { kind: 'read', day: 25, unit, position: '3', odo: 29_000, groove: 11 },
      { kind: 'remove', day: 30, unit, position: '3', odo: 30_000 },
      { kind: 'retread', day: 40 },
      { kind: 'install', day: 50, unit, position: '3', odo: 40_000 },
      { kind: 'read', day: 55, unit, position: '3', odo: 42_000, groove: 14 },
      { kind: 'read', day: 65, unit, position: '3', odo: 44_000, groove: 13.4 },
      { kind: 'read', day: 75, unit, position: '3', odo: 46_000, groove: 12.8 },
    ]);
    const l = await life(id);
    expect(l.retreads).toBe(1);
    expect(l.rtd_rise).toBe(false);
    expect(l.forecast.readings).toBe(3);
    expect(l.forecast.wear_rate).toBeCloseTo(0.3, 6);
    // 10,000 km before the retread + 6,000 after
    expect(l.km_total).toBe(16_000);
    // 4 mm in the first life, 1.2 mm in the second
    expect(l.mm_worn).toBeCloseTo(5.2, 6);
    const alerts = await queries().list({ page: 1, pageSize: 50, kind: 'rtd-rise' });
    expect(alerts.data.map((a) => a.tire_id)).not.toContain(id);
  });

  it('flags RTD that rose without a retread, and lists it as an alert', async () => {
    const unit = await newUnit();
    const id = await history([
      { kind: 'install', day: 0, unit, position: '2', odo: 5_000 },
      { kind: 'read', day: 5, unit, position: '2', odo: 6_000, groove: 12 },
      { kind: 'read', day: 10, unit, position: '2', odo: 7_000, groove: 11.5 },
      { kind: 'read', day: 15, unit, position: '2', odo: 8_000, groove: 14 },
      { kind: 'read', day: 20, unit, position: '2', odo: 9_000, groove: 11 },
    ]);
    const l = await life(id);
    expect(l.rtd_rise).toBe(true);
    const alerts = await queries().list({ page: 1, pageSize: 50, kind: 'rtd-rise' });
    const row = alerts.data.find((a) => a.tire_id === id);
    expect(row?.kinds).toContain('rtd-rise');
    expect(row?.position).toBe('2');
  });

  it("reads a replacement's mount as a reading: a used tire put on at 18 mm after 6.5 mm is an RTD rise (issue 42, item 3)", async () => {
    const a = await newUnit();
    const b = await newUnit();
    const id = await history([
      { kind: 'install', day: 0, unit: a, position: '3', odo: 20_000 },
      { kind: 'read', day: 10, unit: a, position: '3', odo: 23_000, groove: 7.5 },
      { kind: 'read', day: 20, unit: a, position: '3', odo: 26_000, groove: 6.5 },
      { kind: 'remove', day: 25, unit: a, position: '3', odo: 27_000 },
      { kind: 'replace', day: 30, unit: b, position: '5', odo: 50_000, groove: 18 },
    ]);
    const l = await life(id);
    // the stock card's lowest RTD, the chart's last reading and the rise agree
    expect(l.groove_lowest).toBe(18);
    expect(l.history.map((h) => h.groove)).toEqual([7.5, 6.5, 18]);
    expect(l.history.at(-1)!.km).toBe(7_000);
    expect(l.rtd_rise).toBe(true);
    const alerts = await queries().list({ page: 1, pageSize: 50, kind: 'rtd-rise' });
    expect(alerts.data.find((r) => r.tire_id === id)?.kinds).toContain('rtd-rise');
  });

  it('accrues no km on a spare position', async () => {
    const id = await linear([12, 12, 12, 12], 3000, 'ST');
    const l = await life(id);
    expect(l.km_total).toBe(0);
    expect(l.forecast.state).toBe('no-wear');
    expect(l.history.every((h) => h.km === 0)).toBe(true);
  });

  it('keeps its own km when moved between units, and counts the rotation', async () => {
    const a = await newUnit();
    const b = await newUnit();
    const id = await history([
      { kind: 'install', day: 0, unit: a, position: '1', odo: 10_000 },
      { kind: 'read', day: 10, unit: a, position: '1', odo: 13_000, groove: 15 },
      { kind: 'read', day: 20, unit: a, position: '1', odo: 16_000, groove: 14.4 },
      { kind: 'remove', day: 30, unit: a, position: '1', odo: 19_000 },
      { kind: 'install', day: 31, unit: b, position: '4', odo: 50_000 },
      { kind: 'read', day: 40, unit: b, position: '4', odo: 53_000, groove: 13.2 },
      { kind: 'read', day: 60, unit: b, position: '4', odo: 56_000, groove: 12.6 },
    ]);
    const l = await life(id);
    // 9,000 km on the first unit, 6,000 on the second (to its latest check)
    expect(l.km_total).toBe(15_000);
    expect(l.history.map((h) => h.km)).toEqual([3_000, 6_000, 12_000, 15_000]);
    expect(l.forecast.wear_rate).toBeCloseTo(0.2, 6);
    expect(l.rotations).toBe(1);
    // another unit's odometer never counts for this tire: unit A's later checks change nothing
    expect(l.days_in_service).toBeGreaterThan(60);
  });

  it('says "not enough data" below two readings', async () => {
    const l = await life(await linear([14]));
    expect(l.forecast.state).toBe('not-enough-data');
    expect(l.forecast.readings).toBe(1);
    expect(l.forecast.wear_rate).toBeNull();
    expect(l.forecast.pull_date).toBeNull();
  });

  it('ignores readings outside every mount period', async () => {
    const unit = await newUnit();
    const id = await history([
      { kind: 'read', day: 1, unit, position: '1', odo: 9_000, groove: 16 },
      { kind: 'install', day: 2, unit, position: '1', odo: 10_000 },
      { kind: 'read', day: 10, unit, position: '1', odo: 12_000, groove: 15 },
    ]);
    const l = await life(id);
    expect(l.forecast.readings).toBe(1);
    expect(l.km_total).toBe(2_000);
  });

  it('refreshes the whole fleet with the same statement', async () => {
    await database.db.transaction(async (tx) => refreshTireWear(tx, 'all'));
    const [r] = rowsOf<{ wear: number | string; tires: number | string }>(
      await database.db.execute(
        sql`select (select count(*) from tire_wear) as wear, (select count(*) from tires) as tires`,
      ),
    );
    expect(Number(r!.wear)).toBe(Number(r!.tires));
  });
});

describe('the wear queue and its refresher', () => {
  const wearRow = async (tireId: number) =>
    rowsOf<{ readings: number }>(
      await database.db.execute(sql`select readings from tire_wear where tire_id = ${tireId}`),
    )[0];
  const queued = async () =>
    rowsOf<{ tire_id: number }>(
      await database.db.execute(sql`select tire_id from tire_wear_stale order by tire_id`),
    ).map((r) => Number(r.tire_id));

  it('refreshes queued tires after the commit, in batches, then calls back once', async () => {
    const tires = [await linear([16, 15, 14]), await linear([12, 11]), await linear([10, 9, 8, 7])];
    await database.db.execute(
      sql`delete from tire_wear where tire_id = any(${`{${tires.join(',')}}`}::int[])`,
    );
    await database.db.transaction(async (tx) => queueTireWear(tx, tires));
    // queued again by a second validation: a second row, refreshed once per batch
    await database.db.transaction(async (tx) => queueTireWear(tx, [tires[0]!]));
    expect(await queued()).toEqual([...tires, tires[0]!].sort((a, b) => a - b));
    expect(await wearRow(tires[0]!)).toBeUndefined();

    let callbacks = 0;
    const refresher = createWearRefresher(database.db, {
      log: { error: () => {} },
      onRefreshed: () => callbacks++,
      batchSize: 2,
      pollMs: 60_000,
    });
    try {
      await refresher.drain();
      expect(await queued()).toEqual([]);
      expect((await wearRow(tires[0]!))?.readings).toBe(3);
      expect((await wearRow(tires[2]!))?.readings).toBe(4);
      expect(callbacks).toBe(1);
      // an empty queue: nothing refreshed, no callback
      await refresher.drain();
      expect(callbacks).toBe(1);
    } finally {
      await refresher.close();
    }
  });

  it('rests between batches as long as each batch took (times restRatio), leaving the database to requests', async () => {
    const tires = [await linear([15, 14, 13]), await linear([12, 11, 10]), await linear([9, 8, 7])];
    const timedDrain = async (restRatio: number) => {
      await database.db.transaction(async (tx) => queueTireWear(tx, tires));
      const refresher = createWearRefresher(database.db, {
        log: { error: () => {} },
        batchSize: 1,
        pollMs: 60_000,
        restRatio,
      });
      try {
        const started = performance.now();
        await refresher.drain();
        expect(await queued()).toEqual([]);
        return performance.now() - started;
      } finally {
        await refresher.close();
      }
    };
    const busy = await timedDrain(0);
    // three full batches, each followed by ten times its own time at rest
    expect(await timedDrain(10)).toBeGreaterThan(busy * 3);
  });

  it("queues with a check's validation every tire mounted on its unit, read by it or not: the check's odometer is their km", async () => {
    const unit = await newUnit();
    const read = await history([
      { kind: 'install', day: 0, unit, position: '1', odo: 10_000 },
      { kind: 'read', day: 5, unit, position: '1', odo: 12_000, groove: 15 },
    ]);
    const unread = await history([{ kind: 'install', day: 0, unit, position: '2', odo: 10_000 }]);
    await database.db.transaction(async (tx) => refreshTireWear(tx, [read, unread]));
    expect((await life(unread)).km_total).toBe(2_000);
    // a later check that read position 1 only
    const [c] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, status, edp_sign, performed_at)
        values (${unit}, 'X', ${ids.tireman}, ${ids.location}, 15000, 'approved', 'sign.png', ${at(9)}) returning id`),
    );
    await database.db.execute(sql`
      insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4)
      values (${c!.id}, ${read}, '1', 'R', 14, 14, 14, 14)`);
    await database.db.execute(tireWearQueueInsert({ checkId: c!.id }));
    expect(await queued()).toEqual([read, unread].sort((a, b) => a - b));
    const refresher = createWearRefresher(database.db, { log: { error: () => {} }, pollMs: 60_000 });
    try {
      await refresher.drain();
    } finally {
      await refresher.close();
    }
    const km = rowsOf<{ tire_id: number; km_total: number }>(
      await database.db.execute(
        sql`select tire_id, km_total from tire_wear where tire_id in (${read}, ${unread}) order by tire_id`,
      ),
    );
    expect(km.map((r) => Number(r.km_total))).toEqual([5_000, 5_000]);
  });

  it("takes a validated check's reading as one step of the line, which a refit from the ledger reproduces (issue 41)", async () => {
    // 7 readings, the third 5 mm off: the first five are trimmed as the full fit trims them
    const id = await linear([15.4, 14.8, 9.2, 13.6, 13.0, 12.4, 11.8]);
    await life(id);
    const row = async () => {
      const [r] = rowsOf<Record<string, unknown>>(
        await database.db.execute(sql`select * from tire_wear where tire_id = ${id}`),
      );
      const { updated_at: _, ...rest } = r!;
      return rest;
    };
    const [{ unit_id: unit }] = rowsOf<{ unit_id: number }>(
      await database.db.execute(
        sql`select unit_id from tire_events where tire_id = ${id} and kind = 'installed'`,
      ),
    ) as [{ unit_id: number }];
    /** A validated check of the unit reading the tire, queued as its validation queues it. */
    const validate = async (day: number, odo: number, groove: number) => {
      const [c] = rowsOf<{ id: number }>(
        await database.db.execute(sql`
          insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, status, edp_sign, performed_at)
          values (${unit}, 'X', ${ids.tireman}, ${ids.location}, ${odo}, 'approved', 'sign.png', ${at(day)}) returning id`),
      );
      await database.db.execute(sql`
        insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4)
        values (${c!.id}, ${id}, '2', 'R', ${groove}, ${groove}, ${groove}, ${groove})`);
      await database.db.execute(tireWearQueueInsert({ checkId: c!.id }));
      return refreshQueuedTireWear(database.db, { limit: 100, tireId: id });
    };

    // the 8th reading, after the others, at another position: one step
    expect(await validate(80, 34_000, 11.2)).toEqual({ rows: 1, stepped: 1 });
    const stepped = await row();
    expect(stepped).toMatchObject({
      readings: 8,
      fit_n: 7,
      rotations: 1,
      last_position: '2',
      km_total: 24_000,
    });
    expect(stepped.slope as number).toBeCloseTo(-0.2, 9);
    await database.db.transaction(async (tx) => refreshTireWear(tx, [id]));
    expect(await row()).toEqual(stepped);

    // a check validated late for an earlier day: refitted, not stepped
    expect(await validate(75, 33_000, 11.4)).toEqual({ rows: 1, stepped: 0 });
    const refitted = await row();
    expect(refitted).toMatchObject({ readings: 9, fit_n: 8, km_total: 24_000 });
    expect((await life(id)).forecast.wear_rate).toBeCloseTo(0.2, 6);
  });

  it('refreshes one queued tire for its reader and leaves the others queued', async () => {
    const [a, b] = [await linear([15, 14, 13]), await linear([11, 10])];
    await database.db.transaction(async (tx) => queueTireWear(tx, [a, b]));
    const refresher = createWearRefresher(database.db, { log: { error: () => {} }, pollMs: 60_000 });
    try {
      await refresher.refreshTire(a);
      expect((await wearRow(a))?.readings).toBe(3);
      expect(await queued()).toEqual([b]);
      await refresher.drain();
      expect(await queued()).toEqual([]);
    } finally {
      await refresher.close();
    }
  });
});
