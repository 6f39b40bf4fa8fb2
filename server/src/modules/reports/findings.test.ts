import { defectLabel } from '@itms/contracts/defect-codes';
import { FINDINGS_GROUPS, NO_BRAND, type TFindingsGroup, type TFindingsRow } from '@itms/contracts/reports';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';

// Temuan (issue 37, item 7): checks with known conditions are sent through the API, one is
// returned and not sent again, one deleted, one done after the period; the report must equal a
// recount of what was sent, in every grouping, and its XLSX the same numbers.

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, location: 0, region: 0, project: 0, customer: 0, project2: 0, customer2: 0 };
const CUSTOMER2 = 'PT Tambang Sejahtera';

/** The brand each tronton position's tire carries (set up below): IR brand, else original, else none. */
const BRANDS: Record<string, string | null> = { '3': 'GAJAH TUNGGAL', '5': null };
const brandOf = (position: string) => (position in BRANDS ? BRANDS[position]! : 'BRIDGESTONE');

interface Sent {
  at: string;
  project?: 'second';
  records: Record<string, string>;
  /** What happens to it after it is sent. */
  after?: 'return' | 'delete';
  id?: number;
}

// in the order they were done; the period is 2025-03-01 .. 2025-03-31, Jakarta time
const SENT: Sent[] = [
  { at: '2025-03-01T00:10:00+07:00', records: { '6': '99,99,99,99,29' } },
  {
    at: '2025-03-10T10:00:00+07:00',
    records: { '1': '1,99,23,99,99', '2': '99,99,99,99,99', '3': '36,36,0,99,2', '4': '16,99,99,99,99' },
  },
  {
    at: '2025-03-15T23:30:00+07:00',
    project: 'second',
    records: { '1': '23,99,99,99,99', '5': '8,8,8,99,99' },
  },
  { at: '2025-03-20T09:00:00+07:00', records: { '1': '40,40,40,40,40' }, after: 'return' },
  { at: '2025-03-21T09:00:00+07:00', records: { '2': '1,1,1,1,1' }, after: 'delete' },
  { at: '2025-04-01T00:30:00+07:00', records: { '1': '29,99,99,99,99' } },
];
const FROM = '2025-03-01';
const TO = '2025-03-31';
/** A stored condition the API would not take (the record written before the catalogue, by hand). */
const ODD_CONDITION = ' 29 ,abc,,1.5,0';

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, token = tok.admin) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: { access_token: token } });

const query = (group: TFindingsGroup, extra = '') =>
  `/report/temuan?dateStart=${FROM}&dateEnd=${TO}&group=${group}${extra}`;

beforeAll(async () => {
  t = await createTestApp({ fieldMaxAgeDays: 3650 });
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const db = t.database.db;
  const [u] = rowsOf<typeof ids>(
    await db.execute(sql`
      select (select id from units where plate_number = ${FX.tronton}) as tronton,
             (select id from locations where name = ${FX.location}) as location,
             (select id from regions where name = ${FX.region}) as region,
             (select id from projects where name = ${FX.project}) as project,
             (select id from customers where name = ${FX.customer}) as customer`),
  );
  Object.assign(ids, u);
  const [c2] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into customers (name) values (${CUSTOMER2}) returning id`),
  );
  ids.customer2 = c2!.id;
  const [p2] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into projects (name, customer_id) values ('Angkut Batubara', ${ids.customer2}) returning id`,
    ),
  );
  ids.project2 = p2!.id;
  // the brands the checks copy from the tires: position 3 another IR brand, 4 only an original
  // brand, 5 none at all
  await db.execute(
    sql`update tires set ir_brand = 'GAJAH TUNGGAL' where serial_number = ${FX.installedSerial(3)}`,
  );
  await db.execute(sql`update tires set ir_brand = '' where serial_number = ${FX.installedSerial(4)}`);
  await db.execute(
    sql`update tires set ir_brand = '', ori_brand = '' where serial_number = ${FX.installedSerial(5)}`,
  );

  for (const [i, s] of SENT.entries()) {
    const res = await call('POST', '/tire-check', {
      unit_id: ids.tronton,
      location_id: ids.location,
      ...(s.project ? { project_id: ids.project2 } : {}),
      odometer: 70000 + i * 100,
      performed_at: s.at,
      plate_number_url: '-',
      odometer_url: '-',
      tireman_sign: '-',
      records: Object.entries(s.records).map(([position, condition]) => ({
        position,
        serial_number: FX.installedSerial(Number(position)),
        groove_1: 9,
        groove_2: 9,
        groove_3: 9,
        groove_4: 9,
        pressure: 100,
        condition,
      })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = rowsOf<{ id: number }>(await db.execute(sql`select max(id)::int as id from tire_checks`));
    s.id = row!.id;
    if (s.after === 'return') {
      const ret = await call('PUT', `/tire-check/${s.id}`, { reason: 'Foto buram' }, tok.staff);
      expect(ret.statusCode, ret.body).toBe(200);
    } else if (s.after === 'delete') {
      expect((await call('DELETE', `/tire-check/${s.id}`, undefined, tok.staff)).statusCode).toBe(200);
    }
  }
  // the first check's record as an older import left it: spaces, text, an empty and a decimal part
  await db.execute(
    sql`update tire_check_records set condition = ${ODD_CONDITION} where tire_check_id = ${SENT[0]!.id!}`,
  );
  SENT[0]!.records['6'] = ODD_CONDITION;
});
afterAll(() => t?.close());

/** The defect codes of a condition as the report reads them: numbers only, not 0 or 99. */
const defectsOf = (condition: string) =>
  condition
    .split(',')
    .slice(0, 5)
    .map((p) => p.trim())
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((c) => c !== 0 && c !== 99);

/** The report recounted from SENT: the checks in the period, neither returned nor deleted. */
async function recount(group: TFindingsGroup, only?: { customer?: 'second' | 'first' }) {
  const catalogue = (await call('GET', '/defect-code')).json() as {
    code: number;
    name: string | null;
    unsafe: boolean;
  }[];
  const unsafe = new Set(catalogue.filter((c) => c.unsafe).map((c) => c.code));
  const rows = new Map<string, { label: string; defects: number; tires: Set<string>; unsafe: number }>();
  const totals = { defects: 0, tires: new Set<string>(), unsafe: 0 };
  for (const s of SENT) {
    if (s.after || s.at.slice(0, 10) > TO || s.at.slice(0, 10) < FROM) continue;
    if (only?.customer && (s.project ? 'second' : 'first') !== only.customer) continue;
    for (const [position, condition] of Object.entries(s.records)) {
      const tire = `${s.id}/${position}`;
      for (const code of defectsOf(condition)) {
        const brand = brandOf(position);
        const [key, label] =
          group === 'code'
            ? [String(code), defectLabel(code, catalogue)]
            : group === 'brand'
              ? [brand ?? '', brand ?? NO_BRAND]
              : group === 'position'
                ? [position, position]
                : s.project
                  ? [String(ids.customer2), CUSTOMER2]
                  : [String(ids.customer), FX.customer];
        const r = rows.get(key) ?? { label, defects: 0, tires: new Set(), unsafe: 0 };
        r.defects++;
        r.tires.add(tire);
        totals.defects++;
        totals.tires.add(tire);
        if (unsafe.has(code)) {
          r.unsafe++;
          totals.unsafe++;
        }
        rows.set(key, r);
      }
    }
  }
  const data: TFindingsRow[] = [...rows].map(([key, r]) => ({
    key,
    label: r.label,
    defects: r.defects,
    tires: r.tires.size,
    unsafe: r.unsafe,
  }));
  return {
    data: sorted(data),
    totals: { defects: totals.defects, tires: totals.tires.size, unsafe: totals.unsafe },
  };
}

const sorted = (rows: TFindingsRow[]) =>
  [...rows].sort((a, b) => b.defects - a.defects || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

describe('Temuan: GET /api/report/temuan (issue 37, item 7)', () => {
  it.each(FINDINGS_GROUPS)('per %s equals a recount of the checks sent', async (group) => {
    const res = await call('GET', query(group));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: TFindingsRow[]; totals: object; group: string };
    const expected = await recount(group);
    expect(body.group).toBe(group);
    // most defects first
    const counts = body.data.map((r) => r.defects);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(sorted(body.data)).toEqual(expected.data);
    expect(body.totals).toEqual(expected.totals);
  });

  it('counts what it should: the returned, the deleted and the later check are not in it', async () => {
    const body = (await call('GET', query('code'))).json() as { data: TFindingsRow[]; totals: object };
    // 40 only came in the returned check, 29 in the odd record (inside) and after the period
    expect(body.data.find((r) => r.key === '40')).toBeUndefined();
    expect(body.data.find((r) => r.key === '29')).toMatchObject({ label: 'Vehicle Damage', defects: 1 });
    // code 1: one zone of the 10 March check; the deleted check's five are gone
    expect(body.data.find((r) => r.key === '1')).toMatchObject({ label: 'Crown Cut', defects: 1, tires: 1 });
    expect(body.data.find((r) => r.key === '36')).toMatchObject({ defects: 2, tires: 1, unsafe: 2 });
    expect(body.totals).toEqual({ defects: 11, tires: 6, unsafe: 4 });
  });

  it('narrows to one customer or region; refuses a bad group, bad dates and the field', async () => {
    const second = (await call('GET', query('code', `&customerId=${ids.customer2}`))).json();
    expect(sorted(second.data)).toEqual((await recount('code', { customer: 'second' })).data);
    expect(second.totals).toEqual((await recount('code', { customer: 'second' })).totals);
    const region = (await call('GET', query('position', `&regionId=${ids.region}`))).json();
    expect(region.totals).toEqual((await recount('position')).totals);
    const otherRegion = (await call('GET', query('position', `&regionId=${ids.region + 1000}`))).json();
    expect(otherRegion).toMatchObject({ data: [], totals: { defects: 0, tires: 0, unsafe: 0 } });

    expect((await call('GET', `/report/temuan?dateStart=${FROM}&dateEnd=${TO}&group=color`)).statusCode).toBe(
      400,
    );
    const backwards = await call('GET', `/report/temuan?dateStart=${TO}&dateEnd=${FROM}`);
    expect(backwards.statusCode).toBe(400);
    expect((await call('GET', query('code'), undefined, tok.staff)).statusCode).toBe(200);
    expect((await call('GET', query('code'), undefined, tok.tireman)).statusCode).toBe(403);
  });

  it('the XLSX export carries the same numbers', async () => {
    for (const group of ['code', 'customer'] as const) {
      const json = (await call('GET', query(group))).json() as {
        data: TFindingsRow[];
        totals: { defects: number; tires: number; unsafe: number };
      };
      const res = await call('GET', query(group).replace('/temuan?', '/temuan/export?'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(`temuan_${group}_${FROM}_${TO}.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.getWorksheet('Temuan')!;
      const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
      expect(String(ws.getCell('A1').value)).toContain('Temuan per');
      expect(row(2)).toEqual([
        group === 'code' ? 'Kode kerusakan' : 'Customer',
        'Kerusakan',
        'Ban',
        'Tidak aman',
      ]);
      json.data.forEach((r, i) => {
        expect(row(i + 3)).toEqual([r.label, r.defects, r.tires, r.unsafe]);
      });
      expect(row(json.data.length + 3)).toEqual([
        'Total',
        json.totals.defects,
        json.totals.tires,
        json.totals.unsafe,
      ]);
    }
  });
});
