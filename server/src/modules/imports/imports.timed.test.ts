import { TIRE_IMPORT_COLUMNS, UNIT_IMPORT_COLUMNS } from '@itms/contracts/master-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { countRows, importer, xlsx } from './imports.test-kit';

// A fleet-scale import against its wall-clock bound; *.timed.test.ts files run alone (vitest.config.ts).
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
});
afterAll(() => t.close());
const send = importer(
  () => t,
  () => staff,
);
const count = (table: 'units' | 'tires') => countRows(t, table);

describe('5,000 rows', () => {
  it('previews and commits 5,000 units and 5,000 tires, each in under 10 s', async () => {
    const n = 5000;
    const units = await xlsx(
      [...UNIT_IMPORT_COLUMNS],
      Array.from({ length: n }, (_, i) => [
        `B ${i + 1} BULK`,
        i % 2 ? 'TRONTON' : 'ENGKEL',
        FX.project,
        10 + (i % 20),
        '01/01/25',
        '-',
      ]),
    );
    const tires = await xlsx(
      [...TIRE_IMPORT_COLUMNS],
      Array.from({ length: n }, (_, i) => [
        `BULK-${String(i).padStart(5, '0')}`,
        'GT',
        'GT',
        'GT818',
        '11.00-20',
        'ORI',
        12,
        12,
        11,
        12,
        '',
        110,
        0,
        'NEW ORIGINAL',
        '',
        '',
        'TANPA TUBE',
        '',
        '',
        'TANPA FLAP',
        'X',
        '22.5',
        10,
        'NEW',
        'import massal',
        '',
      ]),
    );
    const timings: Record<string, number> = {};
    const timed = async (label: string, fn: () => Promise<{ statusCode: number }>, status: number) => {
      const start = performance.now();
      const res = await fn();
      timings[label] = Math.round(performance.now() - start);
      expect(res.statusCode, label).toBe(status);
      return res;
    };
    const unitsBefore = await count('units');
    const up = await timed('units preview', () => send('/api/import/units/preview', units), 200);
    expect((up as unknown as { json(): { valid: number } }).json().valid).toBe(n);
    await timed('units commit', () => send('/api/import/units/commit', units), 201);
    expect(await count('units')).toBe(unitsBefore + n);
    const tiresBefore = await count('tires');
    const tp = await timed('tires preview', () => send('/api/import/tires/preview', tires), 200);
    expect((tp as unknown as { json(): { valid: number } }).json().valid).toBe(n);
    await timed('tires commit', () => send('/api/import/tires/commit', tires), 201);
    expect(await count('tires')).toBe(tiresBefore + n);
    console.log(
      `[import timing ${t.database.driver}] ${Object.entries(timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')} (xlsx ${Math.round(units.length / 1024)} KB / ${Math.round(tires.length / 1024)} KB)`,
    );
    for (const [label, ms] of Object.entries(timings)) expect(ms, label).toBeLessThan(10_000);

    // the read models, fed once per statement, still agree with their tables
    const q = async <R>(text: string) => rowsOf<R>(await t.database.db.execute(sql.raw(text)));
    const [slots] = await q<{ counted: number; actual: number }>(`select
      (select coalesce(sum(n), 0) from (select n from row_counts where key = 'active_unit_tires:UNINSTALLED'
        union all select n from row_count_deltas where key = 'active_unit_tires:UNINSTALLED') x)::int as counted,
      (select count(*) from active_unit_tires where status = 'UNINSTALLED')::int as actual`);
    expect(slots!.counted).toBe(slots!.actual);
    expect(slots!.actual).toBeGreaterThan(n);
    expect(
      await q(`select status, groove, sum(n)::int as n from (select status, groove, n from tire_status_groove
        union all select status, groove, n from tire_status_groove_delta) x group by 1, 2 having sum(n) <> 0 order by 1, 2`),
    ).toEqual(
      await q(`select status, tire_status_groove_key(groove_lowest) as groove, count(*)::int as n from tires
        group by 1, 2 order by 1, 2`),
    );
    const [stock] = await q<{ rows: number; tires: number }>(`select
      (select count(*) from warehouse_stock)::int as rows,
      (select count(*) from tires where status in ('UNINSTALLED', 'SPARE'))::int as tires`);
    expect(stock!.rows).toBe(stock!.tires);
  }, 120_000);
});
