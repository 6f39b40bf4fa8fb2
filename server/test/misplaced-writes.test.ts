import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { createTestApp, FX, type TestApp } from './helpers';
import { uploadPhoto, uploadPhotos } from './uploads';

/**
 * Issue 35, item 3: writes that landed where they must not. Each is refused with the one error
 * shape and changes nothing.
 */
let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, engkel: 0, location: 0 };
const tireIds = new Map<string, number>();
let photos: Record<'plate' | 'odo' | 'sign', string>;
let edpSign = '';

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location`);
  Object.assign(ids, u);
  for (const r of await q<{ id: number; serial_number: string }>(sql`select id, serial_number from tires`)) {
    tireIds.set(r.serial_number, r.id);
  }
  photos = await uploadPhotos(t, tok.tireman, ['plate', 'odo', 'sign']);
  edpSign = await uploadPhoto(t, tok.staff);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Every table's row count and a checksum of its rows, to prove a refusal changed nothing. */
async function tablesNow(): Promise<string> {
  const tables = await q<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'login_failures') order by 1`,
  );
  const parts = tables.map(
    (x) =>
      `select '${x.name}' as t, count(*)::text || ':' || coalesce(sum(hashtext(r::text)), 0)::text as c from "${x.name}" r`,
  );
  const rows = await q<{ t: string; c: string }>(sql.raw(parts.join(' union all ')));
  return rows.map((r) => `${r.t}=${r.c}`).join('\n');
}

/** Expects the one error shape with `status`, a field named `field`, and no table changed. */
async function refused(
  attempt: () => ReturnType<typeof call>,
  status: number,
  field: string,
): Promise<Record<string, unknown>> {
  // what earlier tests queued for the background wear refresh is done first
  await t.app.tireWear.drain();
  const before = await tablesNow();
  const res = await attempt();
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: status, code: expect.any(String), message: expect.any(String) });
  expect(body.fields?.map((f: { field: string }) => f.field)).toContain(field);
  await t.app.tireWear.drain();
  expect(await tablesNow()).toBe(before);
  return body;
}

const measured = { groove_1: 10, groove_2: 10, groove_3: 9, groove_4: 10, pressure: 105 };

/** A tire man's check of the tronton (positions 1-10, tires T-0001..T-0010), pending. */
async function trontonCheck(): Promise<{ id: number; records: { id: number; position: string }[] }> {
  const res = await call(tok.tireman, 'POST', '/tire-check', {
    unit_id: ids.tronton,
    location_id: ids.location,
    odometer: 61000,
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.sign,
    records: Array.from({ length: 10 }, (_, i) => ({
      position: String(i + 1),
      serial_number: FX.installedSerial(i + 1),
      ...measured,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const records = await q<{ id: number; position: string }>(
    sql`select id, position from tire_check_records where tire_check_id = ${id} order by id`,
  );
  return { id, records };
}

describe('a validation touches only the tires of its own unit', () => {
  // T-0011 is mounted on the engkel, another unit
  const foreign = () => tireIds.get(FX.installedSerial(11))!;
  const hostile = { groove_1: 1, groove_2: 1, groove_3: 1, groove_4: 1, pressure: 5, odometer: 1 };

  it('refuses a check validation line that names only a tire of another unit', async () => {
    const check = await trontonCheck();
    const body = await refused(
      () =>
        call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
          edp_sign: edpSign,
          records: [{ tire_id: foreign(), ...hostile }],
        }),
      400,
      'records.0.tire_id',
    );
    expect(body.fields).toContainEqual({
      field: 'records.0.tire_id',
      message: 'Ban ini tidak terpasang pada unit pengecekan ini',
    });
  });

  it("refuses a line that names a record of the check with another unit's tire", async () => {
    const check = await trontonCheck();
    await refused(
      () =>
        call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
          edp_sign: edpSign,
          records: [{ record_id: check.records[0]!.id, tire_id: foreign(), ...hostile }],
        }),
      400,
      'records.0.tire_id',
    );
  });

  it('still validates a line naming a tire mounted on the unit by its id', async () => {
    const check = await trontonCheck();
    const own = tireIds.get(FX.installedSerial(3))!;
    const res = await call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
      edp_sign: edpSign,
      records: [{ tire_id: own, ...measured, odometer: 61000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tire] = await q<{ pressure: number }>(sql`select pressure from tires where id = ${own}`);
    expect(tire!.pressure).toBe(105);
  });

  it("refuses a per-tire measurement that cites a check of another unit's tire", async () => {
    const check = await trontonCheck();
    await refused(
      () => call(tok.staff, 'PUT', `/tire/${foreign()}`, { ...hostile, tire_check_id: check.id }),
      400,
      'tire_check_id',
    );
    await refused(
      () => call(tok.staff, 'PUT', `/tire/${foreign()}`, { ...hostile, tire_check_id: 999999 }),
      400,
      'tire_check_id',
    );
  });

  it('never takes a workshop signature through a check validation (the item stays in the workshop queue)', async () => {
    const check = await trontonCheck();
    const res = await call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
      edp_sign: edpSign,
      workshop_sign: edpSign,
      records: check.records.map((r) => ({ record_id: r.id, ...measured, odometer: 61000 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await q<{ workshop_sign: string }>(
      sql`select workshop_sign from tire_checks where id = ${check.id}`,
    );
    expect(row!.workshop_sign).toBe('-');
  });
});

describe('no boolean or array becomes a number', () => {
  const qcBody = (unit_id: unknown) => ({
    unit_id,
    location_id: ids.location,
    name_qc: 'Qori QC',
    checks: Array.from({ length: 14 }, () => Array.from({ length: 14 }, () => true)),
  });

  it('refuses a QC check whose unit_id is true or [1]', async () => {
    for (const unit of [true, [1], [ids.tronton]]) {
      await refused(() => call(tok.tireman, 'POST', '/qccheck', qcBody(unit)), 400, 'unit_id');
    }
    const ok = await call(tok.tireman, 'POST', '/qccheck', qcBody(String(ids.tronton)));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses a size's reference pressure of true or [100]", async () => {
    for (const psi of [true, [100]]) {
      await refused(
        () =>
          call(tok.staff, 'PUT', '/tire-intelligence/size-pressures', {
            size: '11.00-20',
            reference_psi: psi,
          }),
        400,
        'reference_psi',
      );
    }
  });
});

describe('the replacement and BKB validations hold the same line', () => {
  const foreign = () => tireIds.get(FX.installedSerial(12))!;
  const tireRow = async (id: number) =>
    (await q<Record<string, unknown>>(sql`select pressure, odometer, status from tires where id = ${id}`))[0];

  it("a replacement record never puts another unit's mounted tire on this unit", async () => {
    const before = await tireRow(foreign());
    const sub = await call(tok.tireman, 'POST', '/tire-replacement', {
      unit_id: ids.tronton,
      location_id: ids.location,
      odometer: 61000,
      spk: 'SPK-35',
      plate_number_url: photos.plate,
      odometer_url: photos.odo,
      tireman_sign: photos.sign,
      records: [{ position: '1', status: 'check', tire_id: foreign(), ...measured }],
    });
    expect(sub.statusCode).toBeGreaterThanOrEqual(400);
    expect(sub.statusCode).toBeLessThan(500);
    expect(await tireRow(foreign())).toEqual(before);
  });

  it("a BKB validation never takes another unit's mounted tire", async () => {
    const bkb = await call(tok.tireman, 'POST', '/mismatch', {
      unit_id: ids.tronton,
      category: 'Nomor seri tidak sesuai',
      positions: [{ position: '1', found_serial: FX.installedSerial(12) }],
    });
    expect(bkb.statusCode, bkb.body).toBe(201);
    const before = await tireRow(foreign());
    const res = await call(tok.staff, 'POST', `/mismatch/${bkb.json().id}/validate`, {
      signatureUrl: edpSign,
      positions: [{ position: '1', tire_id: foreign(), action: 'update' }],
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await tireRow(foreign())).toEqual(before);
  });
});

describe('performed_at is bounded: not before the unit, not older than FIELD_MAX_AGE_DAYS, not ahead', () => {
  const TOO_OLD =
    'Tanggal pengerjaan lebih dari 45 hari yang lalu: data setua itu tidak diterima. Periksa tanggal dan jam HP';
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
  const checkBody = (performed_at: string, unit_id = ids.tronton) => ({
    unit_id,
    location_id: ids.location,
    odometer: 61000,
    performed_at,
    records: [{ position: '1', serial_number: FX.installedSerial(1), ...measured }],
  });

  it('refuses a check dated 2001, or 46 days ago, saying why; 44 days ago is taken', async () => {
    for (const at of ['2001-01-01T08:00:00+07:00', daysAgo(46)]) {
      const body = await refused(
        () => call(tok.tireman, 'POST', '/tire-check', checkBody(at)),
        400,
        'performed_at',
      );
      expect(body).toMatchObject({ message: TOO_OLD, fields: [{ field: 'performed_at', message: TOO_OLD }] });
    }
    const ok = await call(tok.tireman, 'POST', '/tire-check', checkBody(daysAgo(44)));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses work dated before its unit was registered in ITMS', async () => {
    const [unit] = await q<{ id: number }>(sql`
      insert into units (plate_number, unit_type, project_id, tonnage, handled_date, created_at)
      select 'B 3535 NW', 'TRONTON', project_id, 20, '2026-01-01', now() - interval '2 days'
        from units where id = ${ids.tronton} returning id`);
    const body = await refused(
      () => call(tok.tireman, 'POST', '/tire-check', checkBody(daysAgo(3), unit!.id)),
      400,
      'performed_at',
    );
    expect(body.message).toBe(
      'Tanggal pengerjaan lebih awal dari terdaftarnya unit B 3535 NW di ITMS. Periksa tanggal dan jam HP',
    );
  });

  it('holds for every field write: replacement, BKB, QC and new-tire request', async () => {
    const old = '2001-01-01T08:00:00+07:00';
    const attempts: [string, unknown][] = [
      [
        '/tire-replacement',
        {
          unit_id: ids.tronton,
          location_id: ids.location,
          odometer: 61000,
          spk: 'SPK-2001',
          plate_number_url: photos.plate,
          odometer_url: photos.odo,
          tireman_sign: photos.sign,
          performed_at: old,
          records: [
            { position: '1', status: 'check', tire_id: tireIds.get(FX.installedSerial(1)), ...measured },
          ],
        },
      ],
      [
        '/mismatch',
        {
          unit_id: ids.tronton,
          category: 'Ban hilang',
          positions: [{ position: '1', found_serial: '' }],
          performed_at: old,
        },
      ],
      [
        '/qccheck',
        {
          unit_id: ids.tronton,
          name_qc: 'Qori QC',
          checks: Array.from({ length: 14 }, () => Array.from({ length: 14 }, () => true)),
          performed_at: old,
        },
      ],
      ['/tire/request', { serial_number: 'REQ-2001', performed_at: old }],
    ];
    for (const [url, payload] of attempts) {
      const body = await refused(() => call(tok.tireman, 'POST', url, payload), 400, 'performed_at');
      expect(body.message, url).toBe(TOO_OLD);
    }
  });
});

describe('a new-tire request is dated when it was made', () => {
  it("keeps the phone's performed_at and shows that day and time in the office list and detail", async () => {
    // made at 20:39 in Jakarta, arriving eight hours later
    const made = new Date(Date.now() - 8 * 3_600_000);
    made.setUTCMinutes(39, 0, 0);
    const res = await call(tok.tireman, 'POST', '/tire/request', {
      serial_number: 'REQ-2039',
      size: '11.00-20',
      performed_at: made.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(res.json().data).toMatchObject({ performed_at: made.toISOString(), late_days: null });

    const jakarta = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jakarta',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(made);
    const part = (type: string) => jakarta.find((p) => p.type === type)!.value;
    const list = await call(tok.staff, 'GET', '/tire/request/findAll?q=REQ-2039');
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id,
        performed_at: made.toISOString(),
        date: `${part('year')}-${part('month')}-${part('day')}`,
        time: `${part('hour')}:${part('minute')}`,
      }),
    ]);
    const detail = await call(tok.staff, 'GET', `/tire-request/detail/${id}`);
    expect(detail.json()).toMatchObject({ performed_at: made.toISOString() });
    // the tire man's Riwayat dates it the same way
    const history = await call(tok.tireman, 'GET', '/field/history');
    expect(history.json().data).toContainEqual(
      expect.objectContaining({ kind: 'tire-request', id, performed_at: made.toISOString() }),
    );
  });
});

describe('a serial or plate written with look-alikes is the same one', () => {
  // small capital T, U+2010 hyphen, Arabic-Indic digits: reads as T-0001
  const LOOKS_LIKE_T0001 = 'ᴛ\u2010٠٠٠١';

  it('a new tire, by the office or as a request, is the tire that exists', async () => {
    const office = await call(tok.staff, 'POST', '/tire', { serial_number: LOOKS_LIKE_T0001 });
    expect(office.statusCode, office.body).toBe(409);
    expect(office.json().code).toBe('TIRE_SERIAL_TAKEN');
    const request = await call(tok.tireman, 'POST', '/tire/request', { serial_number: LOOKS_LIKE_T0001 });
    expect(request.statusCode, request.body).toBe(409);
    // a letter of another script is refused by name
    await refused(() => call(tok.staff, 'POST', '/tire', { serial_number: 'Т-0001' }), 400, 'serial_number');
  });

  it('a unit with a look-alike plate is the unit that exists', async () => {
    const res = await call(tok.staff, 'POST', '/unit', {
      plate_number: 'ʙ ٩٠٠١ ᴛʀ',
      unit_type: 'TRONTON',
      project_id: 1,
      tonnage: 20,
      handled_date: '2025-01-10',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PLATE_TAKEN');
  });

  it("a check's serial with look-alikes links to that tire, and a BKB stores what it reads folded", async () => {
    const res = await call(tok.tireman, 'POST', '/tire-check', {
      unit_id: ids.tronton,
      location_id: ids.location,
      odometer: 61000,
      records: [{ position: '1', serial_number: LOOKS_LIKE_T0001, ...measured }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [record] = await q<{ serial_number: string; tire_id: number }>(
      sql`select serial_number, tire_id from tire_check_records where tire_check_id = ${res.json().id}`,
    );
    expect(record).toEqual({ serial_number: 'T-0001', tire_id: tireIds.get('T-0001') });

    const bkb = await call(tok.tireman, 'POST', '/mismatch', {
      unit_id: ids.tronton,
      category: 'Nomor seri tidak sesuai',
      positions: [{ position: '2', found_serial: 'ᴛ\u2013٠٠٠٢' }],
    });
    expect(bkb.statusCode, bkb.body).toBe(201);
    const [pos] = await q<{ found_serial: string }>(
      sql`select found_serial from mismatch_positions where mismatch_id = ${bkb.json().id}`,
    );
    expect(pos!.found_serial).toBe('T-0002');
  });
});
