// Issue 23: one property over the whole registry. After any sequence of the writes the product
// makes (checks sent, signed, returned, moved to another day and deleted; replacements and BKB;
// QC; tires mounted and taken off; ledger entries at the documents' locations; tire edits,
// imports, scraps and deletes; a location renamed; the fold loop running in between), every read
// model equals its recount from the base tables, and a rebuild reproduces what the triggers kept.
// Runs on PGlite and on PostgreSQL (project server-pg).
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectReadModelsRecounted, openTestDatabase, readModelRows } from '../../../test/helpers';
import { syncReportTimezone } from '../../modules/reports/report-timezone';
import { type Database, rowsOf } from '../client';
import { foldPendingDeltas, rebuildReadModels } from './read-models';
import { refreshQueuedTireWear, refreshTireWear } from './tire-wear/wear';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // the rollups' local day, as the server sets it at start
  await syncReportTimezone(database.db, 'Asia/Jakarta');
  // a second pool, tire man and unit to pick from
  await database.db.execute(sql`
    insert into locations (name, region_id) select 'Pool Properti', region_id from locations order by id limit 1`);
  // one wear line to start from: the tronton's position 1 mounted 40 days ago and read by three
  // signed checks since (the random writes then move, read, unmount and delete around it)
  await database.db.execute(sql`
    with slot as (select unit_id, position, tire_id from active_unit_tires
                   where status = 'INSTALLED' and tire_id is not null order by unit_id, position limit 1),
         e as (insert into tire_events (tire_id, kind, unit_id, position, odometer, created_at)
               select tire_id, 'installed', unit_id, position, 1000, now() - interval '40 days' from slot),
         c as (insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at,
                                        status, edp_sign, validated_at)
               select slot.unit_id, u.plate_number, (select id from users where role = 'tire-man' order by id limit 1),
                      (select id from locations order by id limit 1), 1000 + d * 100, now() - (40 - d) * interval '1 day',
                      'approved', 'ttd', now()
                 from slot join units u on u.id = slot.unit_id, unnest(array[10, 20, 30]) d
               returning id, odometer)
    insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4)
    select c.id, slot.tire_id, slot.position, t.serial_number, 18 - c.odometer / 1000.0, 18, 18, 18
      from c, slot join tires t on t.id = slot.tire_id`);
  await database.db.transaction((tx) => refreshTireWear(tx, 'all'));
});
afterAll(() => database.close());

/** The `n`-th (modulo their number) id of `table` matching `where`, as SQL; null when none. */
const pick = (table: string, n: number, where = 'true') =>
  sql.raw(`(select id from ${table} where ${where} order by id
             offset ${n} % greatest((select count(*) from ${table} where ${where}), 1) limit 1)`);

/**
 * The tire wear queue insert the services pair with a write (tire-wear is kept through it):
 * `tires` is SQL selecting tire ids.
 */
const queueWear = (tires: ReturnType<typeof sql>, checkId: ReturnType<typeof sql> | null = null) =>
  // (not joined to tires: a tire inserted by a sibling CTE is not visible to the statement yet)
  sql`insert into tire_wear_stale (tire_id, check_id) select x.id, ${checkId}::int from (${tires}) x(id) where x.id is not null`;

/**
 * When a fitting's ledger entry is written: at `when` (in the past, so that checks fall in its mount
 * period), but never before the tire's latest entry, as in the product, where the ledger is appended
 * as things happen; an entry slipped before a later one would leave the ledger and the fitting
 * (active_unit_tires, which a check's validation queues by) telling different stories.
 */
const ledgerTime = (when: ReturnType<typeof sql>) =>
  sql`greatest(${when}, (select max(l.created_at) + interval '1 minute' from tire_events l where l.tire_id = m.tire_id))`;

/** The tires a check's validation queues: its readings' and those mounted on its unit. */
const checkTires = (checkId: ReturnType<typeof sql>) =>
  sql`select r.tire_id from tire_check_records r where r.tire_check_id = ${checkId}
      union select m.tire_id from active_unit_tires m join tire_checks c on c.unit_id = m.unit_id
       where c.id = ${checkId} and m.status = 'INSTALLED'`;

const UNLEDGERED_CHECK =
  "not exists (select from tire_events e where e.source_type = 'tire-check' and e.source_id = tire_checks.id)";

/** One write the product makes, on the rows picked by the numbers. */
type Write = { kind: (typeof KINDS)[number]; a: number; b: number; c: number; days: number };

const KINDS = [
  'check',
  'sign-check',
  'return-check',
  'resubmit-check',
  'move-check-day',
  'delete-check',
  'unsign-check',
  'edit-check-record',
  'replacement',
  'approve-replacement',
  'delete-replacement',
  'bkb',
  'qc',
  'delete-qc',
  'take-off',
  'mount',
  'ledger-entry',
  'tire-edit',
  'import',
  'scrap',
  'delete-tire',
  'rename-location',
  'fold',
] as const;

function statement({ kind, a, b, c, days }: Write) {
  const when = sql`now() + make_interval(days => ${days}, hours => ${a % 24})`;
  switch (kind) {
    case 'check':
      // with a reading of every tire mounted on the unit (their grooves fall as the odometer runs)
      return sql`with c as (
          insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at)
          select u.id, u.plate_number, ${pick('users', b, "role = 'tire-man'")}, ${pick('locations', c)},
                 1000 + ${a} * 10, ${when}
            from units u where u.id = ${pick('units', a)}
          returning id, unit_id)
        insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4, condition)
        select c.id, m.tire_id, m.position, t.serial_number, 18 - ${a} / 100.0, 17 - ${a} / 100.0 + ${c % 4}, 18, 18,
               ${['0,0,0,0,0', '0,23,0,0,0', '11,0,0,0,9'][c % 3]}
          from c join active_unit_tires m on m.unit_id = c.unit_id and m.status = 'INSTALLED'
          join tires t on t.id = m.tire_id`;
    case 'sign-check': {
      // a returned check is not signed until the tire man sends it again (assertValidatable)
      const id = pick('tire_checks', a, "edp_sign = '-' and returned_at is null");
      // as the validation does: its readings' tires queued for the wear refresher, with the check
      // (each may take its reading as one step)
      return sql`with q as (${queueWear(checkTires(id), id)})
        update tire_checks set edp_sign = 'ttd', status = 'approved', validated_at = now() where id = ${id}`;
    }
    case 'return-check':
      return sql`update tire_checks set returned_at = now(), return_reason = 'foto buram'
        where id = ${pick('tire_checks', a, "edp_sign = '-' and returned_at is null")}`;
    case 'resubmit-check':
      return sql`update tire_checks set returned_at = null, performed_at = ${when}
        where id = ${pick('tire_checks', a, 'returned_at is not null')}`;
    case 'move-check-day': {
      // a check the ledger does not point at yet (a validated one is not edited)
      const id = pick('tire_checks', c, UNLEDGERED_CHECK);
      return sql`with q as (${queueWear(checkTires(id))})
        update tire_checks set performed_at = ${when}, location_id = ${pick('locations', b)} where id = ${id}`;
    }
    case 'delete-check': {
      const id = pick('tire_checks', a, UNLEDGERED_CHECK);
      return sql`with q as (${queueWear(checkTires(id))}) delete from tire_checks where id = ${id}`;
    }
    case 'unsign-check': {
      // a validated check taken back (its records stop being their tires' latest condition)
      const id = pick('tire_checks', a, "status = 'approved'");
      return sql`with q as (${queueWear(checkTires(id))})
        update tire_checks set edp_sign = '-', status = 'pending', validated_at = null where id = ${id}`;
    }
    case 'edit-check-record': {
      // a reading corrected, or moved to another tire
      const id = pick('tire_check_records', a);
      const tire = c % 2 ? pick('tires', b) : sql`null`;
      return sql`with q as (${queueWear(sql`select tire_id from tire_check_records where id = ${id} union select ${tire}`)})
        update tire_check_records set condition = ${['0,0,0,0,0', '0,23,0,0,0'][b % 2]}, tire_id = coalesce(${tire}, tire_id)
         where id = ${id}`;
    }
    case 'replacement':
      return sql`insert into tire_replacements (unit_id, tireman_id, location_id, odometer, performed_at)
        values (${pick('units', a)}, ${pick('users', b, "role = 'tire-man'")}, ${pick('locations', c)}, 2000, ${when})`;
    case 'approve-replacement':
      return sql`update tire_replacements set status = 'approved', edp_sign = 'ttd'
        where id = ${pick('tire_replacements', a, "status = 'pending'")}`;
    case 'delete-replacement':
      return sql`delete from tire_replacements where id = ${pick(
        'tire_replacements',
        a,
        "not exists (select from tire_events e where e.source_type = 'tire-replacement' and e.source_id = tire_replacements.id)",
      )}`;
    case 'bkb':
      return sql`insert into mismatches (unit_id, tireman_id, location_id, category, performed_at)
        values (${pick('units', a)}, ${pick('users', b, "role = 'tire-man'")}, ${pick('locations', c)}, 'Nomor seri berbeda', ${when})`;
    case 'qc':
      return sql`insert into qc_checks (tireman_id, name_qc, unit_id, location_id, ${sql.raw(
        Array.from({ length: 14 }, (_, i) => `check${i + 1}`).join(', '),
      )})
        values (${pick('users', b, "role = 'tire-man'")}, 'QC properti', ${pick('units', a)}, ${pick('locations', c)},
          ${sql.raw(Array.from({ length: 14 }, () => `'1'`).join(', '))})`;
    case 'delete-qc':
      return sql`delete from qc_checks where id = ${pick('qc_checks', a)}`;
    // the fitting and its ledger entry (mount periods of the wear lines), the tire queued
    case 'take-off':
      return sql`with m as (update active_unit_tires set status = 'UNINSTALLED'
                             where id = ${pick('active_unit_tires', a, "status = 'INSTALLED'")}
                            returning tire_id, unit_id, position),
          e as (insert into tire_events (tire_id, kind, unit_id, position, odometer, created_at)
                select tire_id, 'removed', unit_id, position, 1000 + ${b} * 10, ${ledgerTime(when)}
                  from m where tire_id is not null)
        ${queueWear(sql`select tire_id from m`)}`;
    case 'mount':
      return sql`with m as (update active_unit_tires set status = 'INSTALLED', km_installed = km_installed + 1
        where id = ${pick('active_unit_tires', a, "status = 'UNINSTALLED'")}
          and (tire_id is null or not exists (select from active_unit_tires o
                where o.tire_id = active_unit_tires.tire_id and o.status = 'INSTALLED'))
          returning tire_id, unit_id, position),
          e as (insert into tire_events (tire_id, kind, unit_id, position, odometer, created_at)
                select tire_id, 'installed', unit_id, position, 1000 + ${b} * 10, ${ledgerTime(when)}
                  from m where tire_id is not null)
        ${queueWear(sql`select tire_id from m`)}`;
    case 'ledger-entry': {
      // a status change recorded against a document, whose location becomes the tire's
      const [source, table] = (
        [
          ['tire-check', 'tire_checks'],
          ['tire-replacement', 'tire_replacements'],
          ['mismatch', 'mismatches'],
          ['manual', null],
        ] as const
      )[b % 4]!;
      const status = ['UNINSTALLED', 'SPARE', 'INSTALLED'][c % 3]!;
      return sql`with t as (update tires set status = ${status}
                             where id = ${pick('tires', a, "status <> 'SCRAP'")} returning id)
        insert into tire_events (tire_id, kind, to_status, source_type, source_id)
        select t.id, 'status', ${status}, ${source}, ${table ? pick(table, c) : sql`null`} from t`;
    }
    case 'tire-edit':
      // a retread (RET) counts in the tire's life: the edit queues it, as the tire update does
      return sql`with t as (update tires set size = ${['11.00-20', '12.00-24', '7.50-16'][b % 3]},
          ir_brand = ${['BRIDGESTONE', 'MICHELIN', 'GT'][c % 3]}, groove_lowest = ${(a % 200) / 10},
          is_original = ${['ORI', 'RET'][b % 2]}
        where id = ${pick('tires', a)} returning id)
        ${queueWear(sql`select id from t`)}`;
    case 'import':
      return sql`with t as (
          insert into tires (serial_number, size, ir_brand, status, groove_lowest)
          select 'PROP-' || ${a} || '-' || g || '-' || (select count(*) from tires), ${['11.00-20', '7.50-16'][b % 2]},
                 'IMPOR', ${['UNINSTALLED', 'SPARE'][c % 2]}, ${c % 20}
            from generate_series(1, ${1 + (a % 3)}) g
          returning id, status),
          q as (${queueWear(sql`select id from t`)})
        insert into tire_events (tire_id, kind, to_status) select id, 'received', status from t`;
    case 'scrap':
      return sql`with t as (update tires set status = 'SCRAP'
                             where id = ${pick('tires', a, "status in ('UNINSTALLED', 'SPARE')")} returning id),
          q as (${queueWear(sql`select id from t`)})
        insert into tire_events (tire_id, kind, to_status) select id, 'scrapped', 'SCRAP' from t`;
    case 'delete-tire':
      return sql`delete from tires where id = ${pick(
        'tires',
        a,
        'not exists (select from active_unit_tires m where m.tire_id = tires.id)',
      )}`;
    case 'rename-location':
      return sql`update locations set name = 'Pool ' || ${a} where id = ${pick('locations', b)}`;
    case 'fold':
      return null;
  }
}

/** Documents and tires arrive more often than they go: the models keep rows to compare. */
const MORE_OFTEN: Partial<Record<Write['kind'], number>> = {
  check: 4,
  replacement: 3,
  bkb: 2,
  qc: 2,
  import: 3,
  'ledger-entry': 3,
  // checks signed and tires mounted often enough for wear lines with readings to compare
  'sign-check': 3,
  mount: 2,
};

const write: fc.Arbitrary<Write> = fc.record({
  kind: fc.oneof(...KINDS.map((k) => ({ arbitrary: fc.constant(k), weight: MORE_OFTEN[k] ?? 1 }))),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.nat(1000),
  days: fc.integer({ min: -45, max: 2 }),
});

/** Rethrows anything but a constraint violation (SQLSTATE class 23). */
function unlessRefused(err: unknown): void {
  const code = (e: unknown): string | undefined =>
    e && typeof e === 'object'
      ? ((e as { code?: string }).code ?? code((e as { cause?: unknown }).cause))
      : undefined;
  if (!code(err)?.startsWith('23')) throw err;
}

/** Wear lines with a slope, over km the tire ran. */
async function fittedLines(): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from tire_wear where slope is not null and km_total > 0`,
    ),
  );
  return r!.n;
}

describe('the read models under random writes', () => {
  it('equal their recount after any sequence of writes, and a rebuild reproduces them', async () => {
    expect(await fittedLines()).toBe(1);
    // a fourth signed check of that tire, queued with the check as its validation queues it: the
    // refresher takes its reading as one step of the line (issue 41), and the row equals its recount
    const [slot] = rowsOf<{ unit_id: number; tire_id: number; position: string }>(
      await database.db.execute(sql`select w.tire_id, e.unit_id, e.position from tire_wear w
        join tire_events e on e.id = w.period_event_id where w.readings = 3`),
    );
    const [check] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at, status, edp_sign, validated_at)
        select u.id, u.plate_number, ${pick('users', 0, "role = 'tire-man'")}, ${pick('locations', 0)}, 4500,
               now() + interval '1 minute', 'approved', 'ttd', now()
          from units u where u.id = ${slot!.unit_id} returning id`),
    );
    await database.db.execute(sql`
      insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4)
      select ${check!.id}, t.id, ${slot!.position}, t.serial_number, 13.5, 18, 18, 18 from tires t where t.id = ${slot!.tire_id}`);
    const checkId = sql`${check!.id}::int`;
    await database.db.execute(queueWear(checkTires(checkId), checkId));
    expect((await refreshQueuedTireWear(database.db, { limit: 1000 })).stepped).toBeGreaterThan(0);
    const [read] = rowsOf<{ readings: number }>(
      await database.db.execute(sql`select readings from tire_wear where tire_id = ${slot!.tire_id}`),
    );
    expect(read!.readings).toBe(4);
    await expectReadModelsRecounted(database.db);

    let fitted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 5, maxLength: 25 }), async (writes) => {
        for (const w of writes) {
          const s = statement(w);
          // the server's background loops: the folds, and a batch of the wear refresher
          if (!s) {
            await foldPendingDeltas(database.db);
            await refreshQueuedTireWear(database.db, { limit: 20 });
          } else {
            // a write the database refuses (a key still in use) changes nothing, as in the product
            await database.db.transaction((tx) => tx.execute(s)).catch(unlessRefused);
          }
        }
        // with deltas and tires pending, and once the loops have added them up and refreshed them
        await expectReadModelsRecounted(database.db);
        await foldPendingDeltas(database.db);
        while ((await refreshQueuedTireWear(database.db, { limit: 1000 })).rows > 0);
        await expectReadModelsRecounted(database.db);
        fitted = Math.max(fitted, await fittedLines());
        const kept = await readModelRows(database.db);
        await database.db.transaction((tx) => rebuildReadModels(tx));
        expect(await readModelRows(database.db)).toEqual(kept);
      }),
      { numRuns: 60 },
    );
    // the writes reached every model
    const empty = Object.entries(await readModelRows(database.db)).filter(([, rows]) => rows.length === 0);
    expect(empty.map(([name]) => name)).toEqual([]);
    // and wear lines fitted on readings over mount periods were among what was compared
    expect(fitted).toBeGreaterThan(0);
  }, 240_000);
});
