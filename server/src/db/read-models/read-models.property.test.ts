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
import type { Database } from '../client';
import { foldPendingDeltas, rebuildReadModels } from './read-models';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // the rollups' local day, as the server sets it at start
  await syncReportTimezone(database.db, 'Asia/Jakarta');
  // a second pool, tire man and unit to pick from
  await database.db.execute(sql`
    insert into locations (name, region_id) select 'Pool Properti', region_id from locations order by id limit 1`);
});
afterAll(() => database.close());

/** The `n`-th (modulo their number) id of `table` matching `where`, as SQL; null when none. */
const pick = (table: string, n: number, where = 'true') =>
  sql.raw(`(select id from ${table} where ${where} order by id
             offset ${n} % greatest((select count(*) from ${table} where ${where}), 1) limit 1)`);

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
      return sql`insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at)
        select u.id, u.plate_number, ${pick('users', b, "role = 'tire-man'")}, ${pick('locations', c)}, 1000, ${when}
          from units u where u.id = ${pick('units', a)}`;
    case 'sign-check':
      return sql`update tire_checks set edp_sign = 'ttd', status = 'approved', validated_at = now()
        where id = ${pick('tire_checks', a, "edp_sign = '-'")}`;
    case 'return-check':
      return sql`update tire_checks set returned_at = now(), return_reason = 'foto buram'
        where id = ${pick('tire_checks', a, "edp_sign = '-' and returned_at is null")}`;
    case 'resubmit-check':
      return sql`update tire_checks set returned_at = null, performed_at = ${when}
        where id = ${pick('tire_checks', a, 'returned_at is not null')}`;
    case 'move-check-day':
      // a check the ledger does not point at yet (a validated one is not edited)
      return sql`update tire_checks set performed_at = ${when}, location_id = ${pick('locations', b)}
        where id = ${pick('tire_checks', c, UNLEDGERED_CHECK)}`;
    case 'delete-check':
      return sql`delete from tire_checks where id = ${pick('tire_checks', a, UNLEDGERED_CHECK)}`;
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
    case 'take-off':
      return sql`update active_unit_tires set status = 'UNINSTALLED'
        where id = ${pick('active_unit_tires', a, "status = 'INSTALLED'")}`;
    case 'mount':
      return sql`update active_unit_tires set status = 'INSTALLED', km_installed = km_installed + 1
        where id = ${pick('active_unit_tires', a, "status = 'UNINSTALLED'")}
          and (tire_id is null or not exists (select from active_unit_tires o
                where o.tire_id = active_unit_tires.tire_id and o.status = 'INSTALLED'))`;
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
      return sql`update tires set size = ${['11.00-20', '12.00-24', '7.50-16'][b % 3]},
          ir_brand = ${['BRIDGESTONE', 'MICHELIN', 'GT'][c % 3]}, groove_lowest = ${(a % 200) / 10}
        where id = ${pick('tires', a)}`;
    case 'import':
      return sql`with t as (
          insert into tires (serial_number, size, ir_brand, status, groove_lowest)
          select 'PROP-' || ${a} || '-' || g || '-' || (select count(*) from tires), ${['11.00-20', '7.50-16'][b % 2]},
                 'IMPOR', ${['UNINSTALLED', 'SPARE'][c % 2]}, ${c % 20}
            from generate_series(1, ${1 + (a % 3)}) g
          returning id, status)
        insert into tire_events (tire_id, kind, to_status) select id, 'received', status from t`;
    case 'scrap':
      return sql`with t as (update tires set status = 'SCRAP'
                             where id = ${pick('tires', a, "status in ('UNINSTALLED', 'SPARE')")} returning id)
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

describe('the read models under random writes', () => {
  it('equal their recount after any sequence of writes, and a rebuild reproduces them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 5, maxLength: 25 }), async (writes) => {
        for (const w of writes) {
          const s = statement(w);
          if (!s) await foldPendingDeltas(database.db);
          // a write the database refuses (a key still in use) changes nothing, as in the product
          else await database.db.transaction((tx) => tx.execute(s)).catch(unlessRefused);
        }
        // with deltas pending, and once the fold loop has added them up
        await expectReadModelsRecounted(database.db);
        await foldPendingDeltas(database.db);
        await expectReadModelsRecounted(database.db);
        const kept = await readModelRows(database.db);
        await database.db.transaction((tx) => rebuildReadModels(tx));
        expect(await readModelRows(database.db)).toEqual(kept);
      }),
      { numRuns: 60 },
    );
    // the writes reached every model
    const empty = Object.entries(await readModelRows(database.db)).filter(([, rows]) => rows.length === 0);
    expect(empty.map(([name]) => name)).toEqual([]);
  }, 240_000);
});
