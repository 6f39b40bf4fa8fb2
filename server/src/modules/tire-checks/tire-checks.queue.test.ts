// The validation queues' shared search, filters and order (lib/queue-filters.ts) on the three
// queues, and the bulk validation of unedited checks (one transaction, each check audited).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { createTireCheckQueries } from './tire-checks.queries';

let t: TestApp;
const tok = { staff: '', staff2: '', tireman: '' };
const ids = { tronton: 0, engkel: 0, location: 0, region: 0, project: 0, tireman: 0, tireman2: 0, staff: 0 };
/** A second pool in a second region, for the location and region filters. */
const other = { region: 0, location: 0 };
const PHOTO_NAMES = ['plate', 'odo', 'tmsign', 'drsign'] as const;
let photos: Record<(typeof PHOTO_NAMES)[number], string>;
const STORED_SIGN = '2026/01/storedsigbulk.png';

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from regions where name = ${FX.region}) as region,
           (select id from projects where name = ${FX.project}) as project,
           (select id from users where email = ${FX.tireman.email}) as tireman,
           (select id from users where email = ${FX.tireman2.email}) as tireman2,
           (select id from users where email = ${FX.staff.email}) as staff`);
  Object.assign(ids, u);
  const [r] = await q<{ id: number }>(sql`insert into regions (name) values ('Sumatera') returning id`);
  other.region = r!.id;
  const [l] = await q<{ id: number }>(
    sql`insert into locations (name, region_id) values ('Pool Medan', ${other.region}) returning id`,
  );
  other.location = l!.id;
  photos = await uploadPhotos(t, tok.tireman, PHOTO_NAMES);
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Queue rows straight into the table: `hours` ago, by a tire man, at a pool. */
async function queued(table: 'tire_checks' | 'tire_replacements' | 'mismatches', rows: QueuedRow[]) {
  const out: number[] = [];
  for (const r of rows) {
    const at = sql`now() - make_interval(hours => ${r.hours})`;
    const [row] =
      table === 'tire_checks'
        ? await q<{ id: number }>(sql`insert into tire_checks
            (unit_id, plate_number, tireman_id, location_id, odometer, created_at, performed_at)
            values (${r.unit}, ${r.unit === ids.tronton ? FX.tronton : FX.engkel}, ${r.tireman}, ${r.location},
              1000, ${at}, ${at}) returning id`)
        : table === 'tire_replacements'
          ? await q<{ id: number }>(sql`insert into tire_replacements
            (unit_id, tireman_id, location_id, odometer, created_at, performed_at)
            values (${r.unit}, ${r.tireman}, ${r.location}, 1000, ${at}, ${at}) returning id`)
          : await q<{ id: number }>(sql`insert into mismatches
            (unit_id, tireman_id, location_id, category, created_at, performed_at)
            values (${r.unit}, ${r.tireman}, ${r.location}, 'Ban tertukar', ${at}, ${at}) returning id`);
    out.push(row!.id);
  }
  return out;
}
interface QueuedRow {
  unit: number;
  tireman: number;
  location: number;
  hours: number;
}

const QUEUES = [
  { table: 'tire_checks', url: '/tire-check/noEdpSign?' },
  { table: 'tire_replacements', url: '/tire-replace/pending?status=edp&' },
  { table: 'mismatches', url: '/mismatch-validation?' },
] as const;

describe.each(QUEUES)('the $table queue: search, filters, order', ({ table, url }) => {
  // a: newest, tireman 1, home pool; b: 30 h, tireman 2, Medan; c: 100 h, tireman 1, Medan
  let a = 0;
  let b = 0;
  let c = 0;
  const list = async (query: string) => {
    const res = await call(tok.staff, 'GET', `${url}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: number; createdAt: string }[]; total: number };
    return { ids: body.data.map((r) => r.id), total: body.total, rows: body.data };
  };

  beforeAll(async () => {
    await t.database.db.execute(sql.raw(`delete from ${table}`));
    [a, b, c] = await queued(table, [
      { unit: ids.tronton, tireman: ids.tireman, location: ids.location, hours: 1 },
      { unit: ids.engkel, tireman: ids.tireman2, location: other.location, hours: 30 },
      { unit: ids.tronton, tireman: ids.tireman, location: other.location, hours: 100 },
    ]);
  });

  it('lists oldest first by default (the work waiting longest) and newest first on request, with when each was received', async () => {
    const first = await list('');
    expect(first.ids).toEqual([c, b, a]);
    expect((await list('order=oldest')).ids).toEqual([c, b, a]);
    expect((await list('order=newest')).ids).toEqual([a, b, c]);
    const ageHours = (Date.now() - Date.parse(first.rows[0]!.createdAt)) / 3_600_000;
    expect(ageHours).toBeGreaterThan(99.9);
    expect(ageHours).toBeLessThan(100.1);
  });

  it('filters by tire man, location, region and age, counting the filtered rows', async () => {
    expect(await list(`tireman_id=${ids.tireman}`)).toMatchObject({ ids: [c, a], total: 2 });
    expect(await list(`tireman_id=${ids.tireman}&order=newest`)).toMatchObject({ ids: [a, c] });
    expect(await list(`location_id=${other.location}`)).toMatchObject({ ids: [c, b], total: 2 });
    expect(await list(`region_id=${ids.region}`)).toMatchObject({ ids: [a], total: 1 });
    expect(await list('age=24h')).toMatchObject({ ids: [c, b], total: 2 });
    expect(await list('age=3d')).toMatchObject({ ids: [c], total: 1 });
    expect(await list(`age=24h&tireman_id=${ids.tireman2}`)).toMatchObject({ ids: [b], total: 1 });
    expect(await list(`region_id=${other.region}&age=3d&order=newest`)).toMatchObject({ ids: [c], total: 1 });
  });

  it('searches plate (spaces ignored) and tire man, case-insensitive, with LIKE characters taken literally', async () => {
    expect((await list(`q=${encodeURIComponent('b 9002')}`)).ids).toEqual([b]);
    expect((await list('q=b9002')).ids).toEqual([b]);
    expect((await list('q=tari')).ids).toEqual([b]);
    expect((await list('q=TONO')).ids).toEqual([c, a]);
    expect((await list('q=medan')).ids).toEqual([c, b]);
    expect(await list(`q=${encodeURIComponent('%')}`)).toMatchObject({ ids: [], total: 0 });
  });

  it('refuses a bad filter with a message in Indonesian', async () => {
    const res = await call(tok.staff, 'GET', `${url}age=2d`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Umur harus 24h atau 3d');
    const order = await call(tok.staff, 'GET', `${url}order=random`);
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain('Urutan harus newest atau oldest');
    const tm = await call(tok.staff, 'GET', `${url}tireman_id=abc`);
    expect(tm.statusCode).toBe(400);
    expect(tm.body).toContain('Tire man tidak valid');
  });

  it('is for the office only', async () => {
    expect((await call(tok.tireman, 'GET', `${url}order=oldest`)).statusCode).toBe(403);
  });
});

describe('the check queue at volume', () => {
  it('reads a tire man or pool filter from its partial index, in both orders (EXPLAIN)', {
    timeout: 180_000,
  }, async () => {
    await t.database.db.execute(sql`
      insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, edp_sign, status, created_at)
      select ${ids.tronton}::int, ${FX.tronton}, case when g % 400 = 0 then ${ids.tireman2}::int else ${ids.tireman}::int end,
        case when g % 280 = 0 then ${ids.location}::int else ${other.location}::int end, 1000,
        case when g % 40 = 0 then '-' else 'sig/x.png' end,
        case when g % 40 = 0 then 'pending' else 'approved' end,
        now() - (g || ' minutes')::interval
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`analyze tire_checks`);
    const queries = createTireCheckQueries(t.database.db, t.config.timezone);
    const explain = async (s: { sql: string; params: unknown[] }) => {
      const raw =
        t.database.driver === 'postgres'
          ? await t.database.pool!.query(`explain ${s.sql}`, s.params as unknown[])
          : await t.database.client!.query(`explain ${s.sql}`, s.params as unknown[]);
      return (raw.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    };
    const pageFrom = (index: string) =>
      new RegExp(`Limit .*\\n\\s*->  Index (Only )?Scan (Backward )?using ${index}`);
    for (const order of ['newest', 'oldest'] as const) {
      const byTireman = queries.queueSql({ page: 1, pageSize: 15, tireman_id: ids.tireman2, order });
      const byPool = queries.queueSql({ page: 1, pageSize: 15, location_id: ids.location, order });
      const plans = [
        await explain(byTireman.page),
        await explain(byTireman.count),
        await explain(byPool.page),
        await explain(byPool.count),
      ];
      // the page: the index gives the order, the Limit stops the scan (no sort of the queue)
      expect(plans[0]).toMatch(pageFrom('tire_checks_queue_tireman_idx'));
      expect(plans[1]).toContain('tire_checks_queue_tireman_idx');
      expect(plans[2]).toMatch(pageFrom('tire_checks_queue_location_idx'));
      expect(plans[3]).toContain('tire_checks_queue_location_idx');
    }
    const res = await call(tok.staff, 'GET', `/tire-check/noEdpSign?tireman_id=${ids.tireman2}&order=oldest`);
    const body = res.json() as { data: { id: number; tireman_tire_check: { id: number } }[]; total: number };
    expect(body.data).toHaveLength(15);
    expect(body.data.every((r) => r.tireman_tire_check.id === ids.tireman2)).toBe(true);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from tire_checks
      where edp_sign = '-' and returned_at is null and tireman_id = ${ids.tireman2}`);
    expect(body.total).toBe(n!.n);
  });
});

// ---- bulk validation ----------------------------------------------------------------------------

/** A check of the tronton as the tire man sends it: positions 1-10, mounted tires. */
function checkBody(odometer: number) {
  return {
    unit_id: ids.tronton,
    location_id: ids.location,
    project_id: ids.project,
    odometer,
    driver: { name: 'Dodi Driver', phone: '081299990000' },
    equipment: ['dongkrak'],
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.tmsign,
    driver_sign: photos.drsign,
    records: Array.from({ length: 10 }, (_, i) => ({
      position: String(i + 1),
      serial_number: FX.installedSerial(i + 1),
      serial_number_url: '-',
      groove_1: 9 + (odometer % 3),
      groove_2: 9,
      groove_3: 8.5,
      groove_4: 9,
      pressure: 100 + i,
      condition: '99,99,99,99,99',
      rotation: '',
      temperature: 40,
      information: '',
    })),
  };
}

async function submit(odometer: number): Promise<number> {
  const res = await call(tok.tireman, 'POST', '/tire-check', checkBody(odometer));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const stateOf = (checkIds: number[]) =>
  q<{ id: number; status: string; edp_sign: string; validated_by: number | null }>(sql`
    select id, status, edp_sign, validated_by from tire_checks
     where id in (${sql.join(
       checkIds.map((i) => sql`${i}`),
       sql`, `,
     )}) order by id`);

const auditsOf = (checkIds: number[]) =>
  q<{ entity_id: number; detail: { via: string; after: { tires: { groove_1: number }[] } } }>(sql`
    select entity_id::int as entity_id, detail from audit_log where entity = 'tire-check' and action = 'validate'
       and entity_id::int in (${sql.join(
         checkIds.map((i) => sql`${i}`),
         sql`, `,
       )}) order by entity_id`);

describe('bulk validation of unedited checks', () => {
  beforeAll(async () => {
    await t.database.db.execute(sql`update users set signature = ${STORED_SIGN} where id = ${ids.staff}`);
  });

  it('validates five checks in one call with the stored signature, each audited with its recorded values', async () => {
    const five: number[] = [];
    for (let i = 0; i < 5; i++) five.push(await submit(70_000 + i));
    const res = await call(tok.staff, 'POST', '/tire-check/validate-bulk', { ids: [...five].reverse() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '5 pengecekan tervalidasi', ids: five });
    expect(await stateOf(five)).toEqual(
      five.map((id) => ({ id, status: 'approved', edp_sign: STORED_SIGN, validated_by: ids.staff })),
    );
    const audits = await auditsOf(five);
    expect(audits.map((a) => a.entity_id)).toEqual(five);
    expect(audits.every((a) => a.detail.via === 'bulk' && a.detail.after.tires.length === 10)).toBe(true);
    // After = Before: the tires now carry what the last check recorded, and its KM
    const [tire] = await q<{ groove_1: number; pressure: number; odometer: number }>(
      sql`select groove_1, pressure, odometer from tires where serial_number = ${FX.installedSerial(2)}`,
    );
    expect(tire).toEqual({ groove_1: 9 + (70_004 % 3), pressure: 101, odometer: 70_004 });
    // each check left the queue
    const queue = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100')).json() as {
      data: { id: number }[];
    };
    expect(queue.data.some((r) => five.includes(r.id))).toBe(false);
  });

  it('rolls back every check when one of them cannot be validated, and names that one', async () => {
    const good = [await submit(71_000), await submit(71_001)];
    const done = await submit(71_002);
    const ok = await call(tok.staff, 'POST', '/tire-check/validate-bulk', { ids: [done] });
    expect(ok.statusCode, ok.body).toBe(200);
    const tiresBefore = await q(sql`select id, groove_1, pressure, odometer from tires order by id`);
    const auditsBefore = await q<{ n: number }>(sql`select count(*)::int as n from audit_log`);

    // the already validated check sorts last: the two good ones were written before it failed
    const res = await call(tok.staff, 'POST', '/tire-check/validate-bulk', { ids: [...good, done] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Pengecekan #${done}: Pengecekan sudah divalidasi oleh pengguna lain`);
    expect((await stateOf(good)).map((c) => c.status)).toEqual(['pending', 'pending']);
    expect(await q(sql`select id, groove_1, pressure, odometer from tires order by id`)).toEqual(tiresBefore);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from audit_log`)).toEqual(auditsBefore);

    // a check with a missing recorded value needs its form
    const [rec] = await q<{ id: number }>(
      sql`select id from tire_check_records where tire_check_id = ${good[1]} order by id limit 1`,
    );
    await t.database.db.execute(sql`update tire_check_records set groove_3 = null where id = ${rec!.id}`);
    const partial = await call(tok.staff, 'POST', '/tire-check/validate-bulk', { ids: good });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(
      `Pengecekan #${good[1]}: nilai ban tidak lengkap atau di luar batas, validasi lewat Form Pengecekan`,
    );
    expect((await stateOf(good)).map((c) => c.status)).toEqual(['pending', 'pending']);

    const missing = await call(tok.staff, 'POST', '/tire-check/validate-bulk', {
      ids: [good[0], 99_999_999],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pengecekan #99999999: Pengecekan tidak ditemukan');
    expect((await stateOf(good)).map((c) => c.status)).toEqual(['pending', 'pending']);
  });

  it('refuses without any signature, an empty or repeated selection, and the field role', async () => {
    const id = await submit(72_000);
    const none = await call(tok.staff2, 'POST', '/tire-check/validate-bulk', { ids: [id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('harap tanda tangan terlebih dahulu');
    const empty = await call(tok.staff, 'POST', '/tire-check/validate-bulk', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Pilih pengecekan yang akan divalidasi');
    const twice = await call(tok.staff, 'POST', '/tire-check/validate-bulk', { ids: [id, id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('Pengecekan duplikat');
    expect((await call(tok.tireman, 'POST', '/tire-check/validate-bulk', { ids: [id] })).statusCode).toBe(
      403,
    );
    expect((await stateOf([id]))[0]!.status).toBe('pending');
  });
});
