import fs from 'node:fs';
import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { createTireCheckQueries } from './tire-checks.queries';
import { createTireChecksService } from './tire-checks.service';

type AuditedRecords = { records: { position: string; groove_1: number | null }[] };

let t: TestApp;
const tok = { admin: '', staff: '', staff2: '', tireman: '', tireman2: '' };
const ids = { tronton: 0, engkel: 0, location: 0, project: 0, staff: 0, staff2: 0, tireman: 0 };
/** tire id by serial */
const tireIds = new Map<string, number>();
/** Photos and signatures the tire man uploaded (a check may cite only his own uploads). */
const PHOTO_NAMES = ['plate', 'odo', 'tmsign', 'drsign', 'picA', 'picB', 'itms', 'serial'] as const;
let photos: Record<(typeof PHOTO_NAMES)[number], string>;
/** The validators' own drawn signatures (an EDP signature must be the validator's own upload). */
const edpSigns = { staff: '', staff2: '' };

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<{ tronton: number; engkel: number; location: number; project: number }>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from projects where name = ${FX.project}) as project`);
  Object.assign(ids, u);
  for (const who of ['staff', 'staff2', 'tireman'] as const) {
    const [row] = await q<{ id: number }>(sql`select id from users where email = ${FX[who].email}`);
    ids[who] = row!.id;
  }
  for (const r of await q<{ id: number; serial_number: string }>(sql`select id, serial_number from tires`)) {
    tireIds.set(r.serial_number, r.id);
  }
  photos = await uploadPhotos(t, tok.tireman, PHOTO_NAMES);
  edpSigns.staff = await uploadPhoto(t, tok.staff);
  edpSigns.staff2 = await uploadPhoto(t, tok.staff2);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface RecordIn {
  position: string;
  serial_number: string;
  serial_number_url?: string;
  groove_1: number | string;
  groove_2: number | string;
  groove_3: number | string;
  groove_4: number | string;
  pressure: number | string;
  condition?: string | number[];
  rotation?: string;
  temperature?: number | string;
  information?: string;
}
interface CheckIn {
  unit_id: number;
  location_id: number;
  project_id?: number;
  odometer: number;
  driver?: { name: string; phone: string };
  equipment?: string | string[];
  plate_number_url?: string;
  odometer_url?: string;
  tireman_sign?: string;
  driver_sign?: string;
  records: RecordIn[];
}

/** A check of the tronton: positions 1-10 with the mounted tires T-0001..T-0010. */
function checkBody(over: Partial<CheckIn> = {}): CheckIn {
  return {
    unit_id: ids.tronton,
    location_id: ids.location,
    project_id: ids.project,
    odometer: 61000,
    driver: { name: 'Dodi Driver', phone: '081299990000' },
    equipment: ['dongkrak', 'kunci roda'],
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.tmsign,
    driver_sign: photos.drsign,
    records: Array.from({ length: 10 }, (_, i) => ({
      position: String(i + 1),
      // lower case on purpose: tires are matched case-insensitively
      serial_number: FX.installedSerial(i + 1).toLowerCase(),
      serial_number_url: '-',
      groove_1: 10,
      groove_2: 10,
      groove_3: 9,
      groove_4: 10,
      pressure: 105,
      condition: '99,99,99,99,99',
      rotation: '',
      temperature: 40,
      information: '',
    })),
    ...over,
  };
}

async function submit(body: unknown = checkBody(), token = tok.tireman): Promise<number> {
  const res = await call(token, 'POST', '/tire-check', body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe('Berhasil Mengirim Data Tire Check...');
  return res.json().id as number;
}

async function counts() {
  const [row] = await q<Record<string, number>>(sql`
    select (select count(*)::int from tire_checks) as checks,
           (select count(*)::int from tire_check_records) as records,
           (select count(*)::int from drivers) as drivers,
           (select count(*)::int from tire_events) as events,
           (select count(*)::int from audit_log where entity in ('tire-check', 'tire')) as audits`);
  return row!;
}

type TireRow = {
  id: number;
  groove_1: number;
  groove_2: number;
  groove_3: number;
  groove_4: number;
  groove_lowest: number;
  pressure: number;
  odometer: number;
};
async function tireValues(serials: string[]): Promise<TireRow[]> {
  const idList = serials.map((s) => tireIds.get(s)!);
  return q<TireRow>(sql`
    select id, groove_1, groove_2, groove_3, groove_4, groove_lowest, pressure, odometer from tires
    where id in (${sql.join(
      idList.map((i) => sql`${i}`),
      sql`, `,
    )}) order by id`);
}
const tronSerials = Array.from({ length: 10 }, (_, i) => FX.installedSerial(i + 1));

/** Validation lines for every record of a check, with values derived from `base`. */
async function linesFor(checkId: number, base: number) {
  const res = await call(tok.staff, 'GET', `/tire-check-record/${checkId}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number; position: string }[]).map((r, i) => ({
    record_id: r.id,
    groove_1: base,
    groove_2: base + 1,
    groove_3: Math.max(0, base - (i % 3)),
    groove_4: base,
    pressure: 90 + i,
    odometer: 62000 + base,
  }));
}

describe('field submission', () => {
  it('stores a pending check with its records, linked to the tires, and queues it for EDP', async () => {
    const before = await counts();
    const id = await submit();
    const after = await counts();
    expect(after.checks).toBe(before.checks + 1);
    expect(after.records).toBe(before.records + 10);

    const list = await call(tok.staff, 'GET', '/tire-check/noEdpSign');
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ page: 1, pageSize: 15 });
    expect(page.data[0]).toMatchObject({
      id,
      plate_number: FX.tronton,
      status: 'pending',
      tireman_tire_check: { name: FX.tireman.name },
      Location: { name: FX.location },
      Unit: { plate_number: FX.tronton, Project: { name: FX.project } },
      project: FX.project,
      returned_at: null,
    });
    expect(page.data[0].time).toMatch(/^\d{2}:\d{2}$/);
    expect(page.data[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // time and date are in APP_TIMEZONE (Asia/Jakarta, UTC+7)
    const local = new Date(new Date(page.data[0].createdAt).getTime() + 7 * 3600_000).toISOString();
    expect(`${page.data[0].date} ${page.data[0].time}`).toBe(`${local.slice(0, 10)} ${local.slice(11, 16)}`);

    const detail = await call(tok.staff, 'GET', `/tire-check/detail/${id}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d).toMatchObject({
      id,
      plate_number: FX.tronton,
      unit_id: ids.tronton,
      odometer: 61000,
      equipment: 'dongkrak,kunci roda',
      status: 'pending',
      pic_sign: '-',
      edp_sign: '-',
      workshop_sign: '-',
      itms_sign: '-',
      pic_name: '-',
      tireman_sign: photos.tmsign,
      driver_sign: photos.drsign,
      plate_number_url: photos.plate,
      odometer_url: photos.odo,
      validated_by: null,
      validated_at: null,
      Location: { name: FX.location, Region: { name: FX.region, manpower: 2, pic: 'Pak Harun' } },
      Driver: { name: 'Dodi Driver', phone: '081299990000' },
      Unit: {
        id: ids.tronton,
        plate_number: FX.tronton,
        unit_type: 'TRONTON',
        tonnage: 20,
        Project: { name: FX.project },
      },
      tireman_tire_check: { name: FX.tireman.name, phone: '081100000004', photo: '-', signature: '-' },
    });
    expect(d.records).toHaveLength(10);
    expect(d.records.map((r: { position: string }) => r.position)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    expect(d.records[0]).toMatchObject({
      tire_id: tireIds.get('T-0001'),
      serial_number: 't-0001',
      ir_brand: 'BRIDGESTONE',
      ori_brand: 'BRIDGESTONE',
      pattern: 'R150',
      size: '11.00-20',
      groove_1: 10,
      groove_3: 9,
      pressure: 105,
      condition: '99,99,99,99,99',
      temperature: 40,
      Tire_Check: { odometer: 61000 },
      Tire_ITM: { id: tireIds.get('T-0001'), serial_number: 'T-0001', groove_1: expect.any(Number) },
    });
    const records = await call(tok.staff, 'GET', `/tire-check-record/${id}`);
    expect(records.json()).toEqual(d.records);
  });

  it('accepts form-urlencoded bodies with records sent as JSON text and condition codes as a list', async () => {
    const body = checkBody();
    const form = new URLSearchParams({
      unit_id: String(ids.engkel),
      location_id: String(ids.location),
      odometer: '1200',
      equipment: 'dongkrak, segitiga',
      driver_name: 'Santo',
      driver_phone: '0812',
      records: JSON.stringify([
        { ...body.records[0], serial_number: 'BARU-001', condition: [1, 8, 16, 23, 99], position: 'st' },
      ]),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-check',
      headers: { access_token: tok.tireman, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${res.json().id}`)).json();
    expect(d).toMatchObject({ equipment: 'dongkrak,segitiga', Driver: { name: 'Santo' }, Project: null });
    // an unknown serial is stored as recorded, without a tire
    expect(d.records[0]).toMatchObject({
      position: 'ST',
      condition: '1,8,16,23,99',
      tire_id: null,
      Tire_ITM: null,
    });
  });

  it('refuses bad submissions with field-level Indonesian messages and stores nothing', async () => {
    const before = await counts();
    const rec = checkBody().records;
    const cases: { body: unknown; fields: string[]; text: RegExp }[] = [
      {
        body: checkBody({ records: [{ ...rec[0]!, groove_1: 30, pressure: 250 }, ...rec.slice(1)] }),
        fields: ['records.0.groove_1', 'records.0.pressure'],
        text: /RTD 1 maksimal 24 mm.*Tekanan maksimal 200 PSI/,
      },
      { body: checkBody({ odometer: -5 }), fields: ['odometer'], text: /Odometer tidak boleh negatif/ },
      {
        body: checkBody({ records: [{ ...rec[0]!, position: '13' }] }),
        fields: ['records.0.position'],
        text: /Posisi tidak dikenal/,
      },
      {
        body: checkBody({ records: [rec[0]!, { ...rec[1]!, position: '1' }] }),
        fields: ['records.1.position'],
        text: /Posisi 1 duplikat/,
      },
      { body: checkBody({ records: [] }), fields: ['records'], text: /Data ban wajib diisi/ },
      {
        body: checkBody({
          records: [
            { ...rec[0]!, condition: '100,0,0,0,0' },
            { ...rec[1]!, condition: '1,2' },
          ],
        }),
        fields: ['records.0.condition', 'records.1.condition'],
        text: /Kode kondisi hanya 0-99/,
      },
      {
        body: checkBody({ unit_id: 999999, location_id: 999999 }),
        fields: ['unit_id', 'location_id'],
        text: /Unit tidak ditemukan.*Lokasi tidak ditemukan/,
      },
      {
        body: checkBody({ records: [{ ...rec[0]!, groove_2: '' }] }),
        fields: ['records.0.groove_2'],
        text: /RTD 2 wajib diisi/,
      },
    ];
    for (const c of cases) {
      const res = await call(tok.tireman, 'POST', '/tire-check', c.body);
      expect(res.statusCode, res.body).toBe(400);
      const err = res.json();
      expect(err.code).toBe('VALIDATION');
      expect(err.fields.map((f: { field: string }) => f.field).sort()).toEqual([...c.fields].sort());
      expect(err.message).toMatch(c.text);
    }
    expect(await counts()).toEqual(before);
  });

  it('lets only field accounts submit, and keeps tire men out of the office routes', async () => {
    expect((await call(tok.staff, 'POST', '/tire-check', checkBody())).statusCode).toBe(403);
    // admin may do everything (citing no photo: the tire man's uploads are not his)
    const unsigned = { plate_number_url: '-', odometer_url: '-', tireman_sign: '-', driver_sign: '-' };
    const id = await submit(checkBody(unsigned), tok.admin);
    const office: [Method, string, unknown?][] = [
      ['GET', '/tire-check/noEdpSign'],
      ['GET', `/tire-check/detail/${id}`],
      ['GET', `/tire-check-record/${id}`],
      ['GET', `/active-unit-tire/${ids.tronton}`],
      ['GET', '/tire-check/today'],
      ['GET', '/tire-check/pending'],
      [
        'PUT',
        `/tire/${tireIds.get('T-0001')}`,
        { groove_1: 1, groove_2: 1, groove_3: 1, groove_4: 1, pressure: 1, odometer: 1 },
      ],
      ['PATCH', `/tire-check/edpSign/${id}`, { edp_sign: edpSigns.staff, status: 'approved' }],
      ['POST', `/tire-check/${id}/validate`, { edp_sign: edpSigns.staff, records: [] }],
      ['PUT', `/tire-check/${id}`, { pic_sign: '-', itms_sign: '-', reason: 'Foto buram' }],
      ['DELETE', `/tire-check/${id}`],
    ];
    for (const [method, url, body] of office) {
      const res = await call(tok.tireman, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Anda tidak memiliki akses ke fitur ini');
    }
    const anon = await t.app.inject({ method: 'GET', url: '/api/tire-check/noEdpSign' });
    expect(anon.statusCode).toBe(401);
    // nothing happened to the check
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ status: 'pending', edp_sign: '-' });
  });

  it('records the PIC signature through its own call, on the tire man’s own checks only', async () => {
    const id = await submit();
    const other = await call(tok.tireman2, 'PATCH', `/tire-check/picSign/${id}`, {
      pic_sign: 'a/b.png',
      pic_name: 'X',
    });
    expect(other.statusCode).toBe(403);
    // a signature file the tire man did not upload is refused (issue 20: no foreign photo paths)
    const foreign = await call(tok.tireman, 'PATCH', `/tire-check/picSign/${id}`, {
      pic_sign: '2026/01/picsign000a.png',
      pic_name: 'Pak Harun',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([
      { field: 'pic_sign', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
    ]);
    const res = await call(tok.tireman, 'PATCH', `/tire-check/picSign/${id}`, {
      pic_sign: photos.picA,
      pic_name: 'Pak Harun',
    });
    expect(res.statusCode).toBe(200);
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ pic_sign: photos.picA, pic_name: 'Pak Harun', edp_sign: '-' });
    const bad = await call(tok.tireman, 'PATCH', `/tire-check/picSign/${id}`, { pic_sign: '', pic_name: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['pic_name', 'pic_sign']);
  });
});

describe('validation queue', () => {
  it('pages oldest first on the server (newest on request), with 15 by default and at most 100 per page', async () => {
    const made = [await submit(), await submit(), await submit()];
    const all = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100')).json();
    expect(all.total).toBe(all.data.length);
    const idsInOrder = all.data.map((r: { id: number }) => r.id);
    // the work waiting longest first: the checks just sent come last
    expect(idsInOrder.slice(-3)).toEqual(made);
    const times = all.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    const newest = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100&order=newest')).json();
    expect(newest.data.map((r: { id: number }) => r.id)).toEqual([...idsInOrder].reverse());

    const p1 = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?page=1&pageSize=2')).json();
    const p2 = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?page=2&pageSize=2')).json();
    expect(p1).toMatchObject({ page: 1, pageSize: 2, total: all.total });
    expect([...p1.data, ...p2.data].map((r: { id: number }) => r.id)).toEqual(idsInOrder.slice(0, 4));

    const tooBig = await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields[0]).toMatchObject({
      field: 'pageSize',
      message: 'Ukuran halaman maksimal 100',
    });

    const pending = (await call(tok.staff, 'GET', '/tire-check/pending')).json();
    expect(pending).toEqual({ total: all.total });
  });

  it('counts the checks done today in APP_TIMEZONE (performed_at, not the receipt time)', async () => {
    const before = (await call(tok.staff, 'GET', '/tire-check/today')).json().total;
    const id = await submit();
    expect((await call(tok.staff, 'GET', '/tire-check/today')).json().total).toBe(before + 1);
    // the same check done yesterday (Jakarta) and received today does not count
    await t.database.db.execute(
      sql`update tire_checks set performed_at = performed_at - interval '1 day' where id = ${id}`,
    );
    expect((await call(tok.staff, 'GET', '/tire-check/today')).json().total).toBe(before);
  });

  it("answers the unit's active tires and the positions left empty", async () => {
    const res = await call(tok.staff, 'GET', `/active-unit-tire/${ids.engkel}`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.Unit).toMatchObject({
      id: ids.engkel,
      plate_number: FX.engkel,
      unit_type: 'ENGKEL',
      Project: { name: FX.project },
    });
    expect(a.Tire.map((e: { position: string }) => e.position)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(a.Tire[0]).toMatchObject({
      status: 'INSTALLED',
      km_installed: 40000,
      tire_id: tireIds.get('T-0011'),
      detail: {
        id: tireIds.get('T-0011'),
        tireId: tireIds.get('T-0011'),
        serial_number: 'T-0011',
        ir_brand: 'BRIDGESTONE',
      },
    });
    expect(a.OffTire).toEqual([]);
    await t.database.db.execute(
      sql`update active_unit_tires set status = 'UNINSTALLED' where unit_id = ${ids.engkel} and position = '6'`,
    );
    const after = (await call(tok.staff, 'GET', `/active-unit-tire/${ids.engkel}`)).json();
    expect(after.Tire).toHaveLength(5);
    expect(after.OffTire).toMatchObject([{ position: '6', status: 'UNINSTALLED' }]);
    await t.database.db.execute(
      sql`update active_unit_tires set status = 'INSTALLED' where unit_id = ${ids.engkel} and position = '6'`,
    );
    const missing = await call(tok.staff, 'GET', '/active-unit-tire/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Unit tidak ditemukan');
  });

  it('answers 404 with an Indonesian message for a check that does not exist', async () => {
    for (const url of ['/tire-check/detail/999999', '/tire-check-record/999999']) {
      const res = await call(tok.staff, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Pengecekan tidak ditemukan');
    }
  });
});

describe('validation command', () => {
  it('updates every tire and the records, signs and approves in one request', async () => {
    const id = await submit();
    const lines = await linesFor(id, 7);
    const before = await counts();
    const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: edpSigns.staff,
      records: lines,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Pengecekan tervalidasi', id });

    const tiresNow = await tireValues(tronSerials);
    tiresNow.forEach((tire, i) => {
      const l = lines[i]!;
      expect(tire).toMatchObject({
        groove_1: l.groove_1,
        groove_2: l.groove_2,
        groove_3: l.groove_3,
        groove_4: l.groove_4,
        groove_lowest: Math.min(l.groove_1, l.groove_2, l.groove_3, l.groove_4),
        pressure: l.pressure,
        odometer: 62007,
      });
    });
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({
      status: 'approved',
      edp_sign: edpSigns.staff,
      validated_by: ids.staff,
      validator: { id: ids.staff, name: FX.staff.name },
    });
    expect(Date.now() - new Date(d.validated_at).getTime()).toBeLessThan(60_000);
    expect(d.records.map((r: { groove_1: number; pressure: number }) => [r.groove_1, r.pressure])).toEqual(
      lines.map((l) => [l.groove_1, l.pressure]),
    );
    const events = await q<{
      tire_id: number;
      position: string;
      kind: string;
      user_id: number;
      unit_id: number;
    }>(sql`
      select tire_id, position, kind, user_id, unit_id from tire_events
      where source_type = 'tire-check' and source_id = ${id} order by tire_id`);
    expect(events).toHaveLength(10);
    expect(events[0]).toMatchObject({
      kind: 'checked',
      user_id: ids.staff,
      unit_id: ids.tronton,
      position: '1',
    });
    const after = await counts();
    expect(after.audits).toBe(before.audits + 1);

    // gone from the queue; a second validation is refused
    const queue = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).not.toContain(id);
    const again = await call(tok.staff2, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: 'a/b.png',
      records: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Pengecekan sudah divalidasi oleh pengguna lain');
    expect(await tireValues(tronSerials)).toEqual(tiresNow);
  });

  it("uses the user's stored signature when none is sent, and refuses without any", async () => {
    const id = await submit();
    const none = await call(tok.staff2, 'POST', `/tire-check/${id}/validate`, { records: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('harap tanda tangan terlebih dahulu');
    await t.database.db.execute(
      sql`update users set signature = '2026/01/storedsig00a.png' where id = ${ids.staff2}`,
    );
    const ok = await call(tok.staff2, 'POST', `/tire-check/${id}/validate`, {
      records: await linesFor(id, 8),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({
      edp_sign: '2026/01/storedsig00a.png',
      validated_by: ids.staff2,
      status: 'approved',
    });
    await t.database.db.execute(sql`update users set signature = '-' where id = ${ids.staff2}`);
  });

  it('changes nothing when a line fails after other tires were already updated', async () => {
    const id = await submit();
    const lines = await linesFor(id, 3);
    const beforeTires = await tireValues(tronSerials);
    const before = await counts();
    // nine good lines by record, then a tire that does not exist (its update comes last)
    const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: edpSigns.staff,
      records: [...lines.slice(0, 9), { ...lines[9]!, record_id: undefined, tire_id: 999999 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'records.9.tire_id', message: 'Ban tidak ditemukan' }]);
    expect(await tireValues(tronSerials)).toEqual(beforeTires);
    expect(await counts()).toEqual(before);
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ status: 'pending', edp_sign: '-', validated_by: null });
    expect(d.records[0].groove_1).toBe(10);
  });

  it('rolls back every tire when the transaction fails mid-way (injected after the 5th tire)', async () => {
    const id = await submit();
    const lines = await linesFor(id, 4);
    const beforeTires = await tireValues(tronSerials);
    const before = await counts();
    const updated: number[] = [];
    const failing = createTireChecksService(t.database.db, {
      afterTireUpdate: (tireId, step) => {
        updated.push(tireId);
        if (step === 4) throw new Error('injected failure');
      },
    });
    await expect(
      failing.validate({ id: ids.staff, role: 'staff' }, id, { edp_sign: edpSigns.staff, records: lines }),
    ).rejects.toThrow('injected failure');
    expect(updated).toHaveLength(5);
    expect(await tireValues(tronSerials)).toEqual(beforeTires);
    expect(await counts()).toEqual(before);
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ status: 'pending', edp_sign: '-' });
    // still in the queue, and the real command then succeeds
    const queue = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).toContain(id);
    const ok = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: edpSigns.staff,
      records: lines,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('decides two concurrent validations exactly once; the tires keep the winner’s values', async () => {
    const id = await submit();
    const a = await linesFor(id, 5);
    const b = await linesFor(id, 15);
    const before = await counts();
    const [ra, rb] = await Promise.all([
      call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
        edp_sign: edpSigns.staff,
        records: a,
      }),
      call(tok.staff2, 'POST', `/tire-check/${id}/validate`, {
        edp_sign: edpSigns.staff2,
        records: b,
      }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json()).toMatchObject({
      code: 'CHECK_ALREADY_VALIDATED',
      message: 'Pengecekan sudah divalidasi oleh pengguna lain',
    });
    const winner =
      ra.statusCode === 200
        ? { lines: a, user: ids.staff, sign: edpSigns.staff }
        : { lines: b, user: ids.staff2, sign: edpSigns.staff2 };
    const tiresNow = await tireValues(tronSerials);
    expect(tiresNow.map((x) => [x.groove_1, x.groove_2, x.pressure, x.odometer])).toEqual(
      winner.lines.map((l) => [l.groove_1, l.groove_2, l.pressure, l.odometer]),
    );
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ status: 'approved', validated_by: winner.user, edp_sign: winner.sign });
    const after = await counts();
    expect(after.events).toBe(before.events + 10);
    expect(after.audits).toBe(before.audits + 1);
  });

  it('refuses to validate a deleted check with 404', async () => {
    const id = await submit();
    expect((await call(tok.staff, 'DELETE', `/tire-check/${id}`)).statusCode).toBe(200);
    const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: edpSigns.staff,
      records: [],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pengecekan tidak ditemukan');
  });

  it('also validates the spec way: PUT /tire per tire, then PATCH edpSign', async () => {
    const id = await submit();
    const tireId = tireIds.get('T-0003')!;
    const bad = await call(tok.staff, 'PUT', `/tire/${tireId}`, {
      groove_1: 25,
      groove_2: 1,
      groove_3: 1,
      groove_4: -1,
      pressure: 201,
      odometer: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['groove_1', 'groove_4', 'odometer', 'pressure']);
    const form = `groove_1=6&groove_2=5.5&groove_3=7&groove_4=6&pressure=100&odometer=63000&tire_check_id=${id}`;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/tire/${tireId}`,
      headers: { access_token: tok.staff, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      message: 'Data Ban Berhasil di Edit',
      data: { id: tireId, groove_2: 5.5, groove_lowest: 5.5, pressure: 100, odometer: 63000 },
    });
    const [ev] = await q<{ kind: string; source_type: string; position: string }>(sql`
      select kind, source_type, position from tire_events where tire_id = ${tireId} order by id desc limit 1`);
    expect(ev).toEqual({ kind: 'checked', source_type: 'tire-check', position: '3' });
    expect(
      (
        await call(tok.staff, 'PUT', '/tire/999999', {
          groove_1: 1,
          groove_2: 1,
          groove_3: 1,
          groove_4: 1,
          pressure: 1,
          odometer: 1,
        })
      ).statusCode,
    ).toBe(404);

    const sign = await call(tok.staff, 'PATCH', `/tire-check/edpSign/${id}`, {
      edp_sign: edpSigns.staff,
      status: 'approved',
      userLoginId: ids.staff,
    });
    expect(sign.statusCode).toBe(200);
    expect((await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json()).toMatchObject({
      status: 'approved',
      validated_by: ids.staff,
    });
    const twice = await call(tok.staff2, 'PATCH', `/tire-check/edpSign/${id}`, { edp_sign: 'a/b.png' });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses an EDP signature the validator did not upload (someone else's file or none)", async () => {
    const id = await submit();
    const lines = await linesFor(id, 8);
    for (const foreign of [photos.tmsign, edpSigns.staff2, '2026/01/nobodyuploaded0.png']) {
      const val = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
        edp_sign: foreign,
        records: lines,
      });
      expect(val.statusCode, foreign).toBe(400);
      expect(val.json().fields).toEqual([
        { field: 'edp_sign', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
      ]);
      const sign = await call(tok.staff, 'PATCH', `/tire-check/edpSign/${id}`, { edp_sign: foreign });
      expect(sign.statusCode, foreign).toBe(400);
      expect(sign.json().fields).toEqual([
        { field: 'edp_sign', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
      ]);
    }
    expect((await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json()).toMatchObject({
      status: 'pending',
      edp_sign: '-',
    });
    const own = await call(tok.staff, 'PATCH', `/tire-check/edpSign/${id}`, { edp_sign: edpSigns.staff });
    expect(own.statusCode).toBe(200);
  });
});

describe('return, resubmit and delete', () => {
  it('returns a check to its tire man, who sees it and sends it again', async () => {
    const id = await submit();
    await call(tok.tireman, 'PATCH', `/tire-check/picSign/${id}`, {
      pic_sign: photos.picA,
      pic_name: 'Pak Harun',
    });
    const pendingBefore = (await call(tok.staff, 'GET', '/tire-check/pending')).json().total;

    const ret = await call(tok.staff, 'PUT', `/tire-check/${id}`, {
      pic_sign: '-',
      itms_sign: '-',
      reason: 'Foto plat buram',
    });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(ret.json()).toEqual({ message: 'Returned! Pengecekan telah dikembalikan.', id });
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ pic_sign: '-', itms_sign: '-', status: 'pending' });
    expect(d.returned_at).toBeTruthy();
    const queue = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await call(tok.staff, 'GET', '/tire-check/pending')).json().total).toBe(pendingBefore - 1);

    const mine = (await call(tok.tireman, 'GET', '/tire-check/returned')).json();
    expect(mine).toMatchObject({ total: 1, page: 1 });
    expect(mine.data[0]).toMatchObject({ id, plate_number: FX.tronton });
    expect(mine.data[0].returned_at).toBeTruthy();
    expect((await call(tok.tireman2, 'GET', '/tire-check/returned')).json().total).toBe(0);
    expect((await call(tok.staff, 'GET', '/tire-check/returned')).statusCode).toBe(403);

    // a returned check cannot be validated or returned again
    const val = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: edpSigns.staff,
      records: [],
    });
    expect(val.statusCode).toBe(409);
    expect((await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'lagi' })).statusCode).toBe(409);

    // only its tire man resubmits, with new measurements validated like a new check
    expect((await call(tok.tireman2, 'PUT', `/tire-check/${id}/resubmit`, {})).statusCode).toBe(403);
    const records = checkBody()
      .records.slice(0, 4)
      .map((r) => ({ ...r, groove_1: 4 }));
    const badRe = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      records: [{ ...records[0], pressure: 500 }],
    });
    expect(badRe.statusCode).toBe(400);
    expect(badRe.json().fields[0].field).toBe('records.0.pressure');
    const re = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      records,
      pic_sign: photos.picB,
      pic_name: 'Bu Sari',
    });
    expect(re.statusCode, re.body).toBe(200);
    const back = (await call(tok.staff, 'GET', '/tire-check/noEdpSign?pageSize=100')).json();
    expect(back.data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await call(tok.tireman, 'GET', '/tire-check/returned')).json().total).toBe(0);
    const d2 = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d2).toMatchObject({ returned_at: null, pic_sign: photos.picB, pic_name: 'Bu Sari' });
    expect(d2.records.map((r: { groove_1: number }) => r.groove_1)).toEqual([4, 4, 4, 4]);
    // the audit line keeps the measurements that the resubmission replaced, and the new ones
    const [line] = rowsOf<{ detail: { before: AuditedRecords; after: AuditedRecords } }>(
      await t.database.db.execute(
        sql`select detail from audit_log where entity = 'tire-check' and entity_id = ${String(id)} and action = 'resubmit'`,
      ),
    );
    expect(line!.detail.before.records.map((r) => r.groove_1)).toEqual(
      checkBody().records.map((r) => r.groove_1),
    );
    expect(line!.detail.after.records.map((r) => [r.position, r.groove_1])).toEqual(
      records.map((r) => [r.position, 4]),
    );
    expect(line!.detail.after).toMatchObject({ returned_at: null, pic_name: 'Bu Sari' });
    expect((await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {})).statusCode).toBe(409);
  });

  it('refuses to return an approved check', async () => {
    const id = await submit();
    await call(tok.staff, 'POST', `/tire-check/${id}/validate`, { edp_sign: edpSigns.staff, records: [] });
    const res = await call(tok.staff, 'PUT', `/tire-check/${id}`, {
      pic_sign: '-',
      itms_sign: '-',
      reason: 'Data ban salah',
    });
    expect(res.statusCode).toBe(409);
    expect((await call(tok.staff, 'PUT', `/tire-check/${id}`, { pic_sign: 'x' })).statusCode).toBe(400);
  });

  it('deletes a check with its records', async () => {
    const id = await submit();
    const before = await counts();
    const res = await call(tok.staff, 'DELETE', `/tire-check/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Berhasil menghapus data pengecekan', id });
    const after = await counts();
    expect(after.checks).toBe(before.checks - 1);
    expect(after.records).toBe(before.records - 10);
    expect(after.audits).toBe(before.audits + 1);
    expect((await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).statusCode).toBe(404);
    expect((await call(tok.staff, 'DELETE', `/tire-check/${id}`)).statusCode).toBe(404);
  });
});

describe('real time', () => {
  it('sends new-notification to a connected office socket when a tire man submits a check', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${addr.port}`;
    const office = connectSocket(url, {
      path: '/socket.io',
      auth: { token: tok.staff },
      transports: ['websocket'],
    });
    const field = connectSocket(url, {
      path: '/socket.io',
      auth: { token: tok.tireman2 },
      transports: ['websocket'],
    });
    try {
      await Promise.all(
        [office, field].map(
          (s) =>
            new Promise<void>((resolve, reject) => {
              s.on('connect', () => resolve());
              s.on('connect_error', reject);
            }),
        ),
      );
      const fieldGot: unknown[] = [];
      field.on('new-notification', (p) => fieldGot.push(p));
      const got = new Promise<{ kind: string; id: number }>((resolve) =>
        office.once('new-notification', resolve),
      );
      const id = await submit();
      const payload = await Promise.race([
        got,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event within 5 s')), 5000)),
      ]);
      expect(payload).toEqual({ kind: 'tire-check', id });
      // a resubmitted check is announced again
      expect((await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Ulangi' })).statusCode).toBe(200);
      const again = new Promise<{ kind: string; id: number }>((resolve) =>
        office.once('new-notification', resolve),
      );
      expect((await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {})).statusCode).toBe(200);
      expect(await again).toEqual({ kind: 'tire-check', id });
      await new Promise((r) => setTimeout(r, 200));
      expect(fieldGot).toEqual([]); // tire men are not in the office room
    } finally {
      office.close();
      field.close();
    }
  });
});

describe('replies match the endpoint table', () => {
  it('every list and detail GET parses against its declared reply', async () => {
    const id = await submit();
    const returned = await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Foto buram' });
    expect(returned.statusCode, returned.body).toBe(200);
    const gets: [keyof typeof API, string, string][] = [
      ['listTireCheckQueue', tok.staff, '/tire-check/noEdpSign?pageSize=100'],
      ['listReturnedTireChecks', tok.tireman, '/tire-check/returned'],
      ['listTireCheckReturns', tok.staff, '/tire-check/returns'],
      ['countTireChecksToday', tok.staff, '/tire-check/today'],
      ['countPendingTireChecks', tok.staff, '/tire-check/pending'],
      ['getTireCheck', tok.staff, `/tire-check/detail/${id}`],
      ['listTireCheckRecords', tok.staff, `/tire-check-record/${id}`],
      ['getActiveUnitTires', tok.staff, `/active-unit-tire/${ids.tronton}`],
    ];
    for (const [op, token, url] of gets) {
      const res = await call(token, 'GET', url);
      expect(res.statusCode, `${op}: ${res.body}`).toBe(200);
      const schema = API[op].reply as z.ZodType;
      expect(schema.safeParse(res.json()).error, op).toBeUndefined();
    }
  });
});

describe('timings (reported, not asserted tightly)', () => {
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const report: Record<string, unknown> = { driver: t?.database?.driver };

  afterAll(() => {
    report.driver = t.database.driver;
    const line = `${new Date().toISOString()} ${JSON.stringify(report)}\n`;
    console.log(`[tire-checks timings] ${line}`);
    if (process.env.TIMINGS_FILE) fs.appendFileSync(process.env.TIMINGS_FILE, line);
  });

  it('validates a 12-position check', async () => {
    // a 12-wheel unit with its own tires X-0001..X-0012
    const [unit] = await q<{ id: number }>(sql`
      insert into units (plate_number, unit_type, project_id, tonnage) values ('B 9012 TT', 'TRAILLER', ${ids.project}, 30)
      returning id`);
    const made = await q<{ id: number; serial_number: string }>(sql`
      insert into tires (serial_number, ir_brand, ori_brand, pattern, size, groove_1, groove_2, groove_3, groove_4,
        groove_lowest, pressure, odometer, status, position)
      select 'X-' || lpad(g::text, 4, '0'), 'GT', 'GT', 'GT100', '11.00-20', 14, 14, 14, 14, 14, 110, 10000,
        'INSTALLED', g::text
      from generate_series(1, 12) g returning id, serial_number`);
    await t.database.db.execute(sql`
      insert into active_unit_tires (unit_id, position, tire_id, km_installed)
      select ${unit!.id}, t.position, t.id, 10000 from tires t where t.serial_number like 'X-%'`);
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const body = checkBody({
        unit_id: unit!.id,
        records: made.map((m, i) => ({
          ...checkBody().records[0]!,
          position: String(i + 1),
          serial_number: m.serial_number,
        })),
      });
      const id = await submit(body);
      const lines = (await linesFor(id, 6 + run)).map((l) => ({ ...l, odometer: 20000 + run }));
      expect(lines).toHaveLength(12);
      const start = performance.now();
      const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
        edp_sign: edpSigns.staff,
        records: lines,
      });
      times.push(performance.now() - start);
      expect(res.statusCode).toBe(200);
    }
    const events = await q<{ n: number }>(sql`select count(*)::int as n from tire_events where tire_id in (
      select id from tires where serial_number like 'X-%') and kind = 'checked'`);
    expect(events[0]!.n).toBe(60);
    report.validate12_ms = { median: +median(times).toFixed(1), all: times.map((x) => +x.toFixed(1)) };
  });

  it('serves the queue from the partial index at volume (20,000 checks, 300 waiting)', {
    timeout: 180_000,
  }, async () => {
    const [tm] = await q<{ id: number }>(sql`select id from users where email = ${FX.tireman.email}`);
    await t.database.db.execute(sql`
      insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, edp_sign, status, created_at)
      select ${ids.tronton}, ${FX.tronton}, ${tm!.id}, ${ids.location}, 1000,
        case when g % 66 = 0 then '-' else 'sig/x.png' end,
        case when g % 66 = 0 then 'pending' else 'approved' end,
        now() - (g || ' minutes')::interval
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`analyze tire_checks`);
    const queries = createTireCheckQueries(t.database.db, t.config.timezone);
    const { page, count } = queries.queueSql({ page: 1, pageSize: 15 });
    const explain = async (s: { sql: string; params: unknown[] }) => {
      const raw =
        t.database.driver === 'postgres'
          ? await t.database.pool!.query(`explain ${s.sql}`, s.params as unknown[])
          : await t.database.client!.query(`explain ${s.sql}`, s.params as unknown[]);
      return (raw.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    };
    const pagePlan = await explain(page);
    const countPlan = await explain(count);
    expect(pagePlan).toContain('tire_checks_queue_idx');
    // the count reads one of the queue's partial indexes (the same rows: migration 0032 added the
    // per tire man and per pool ones, and the planner may take any of them for a bare count)
    expect(countPlan).toMatch(/Index (Only )?Scan on tire_checks_queue(_tireman|_location)?_idx/);
    report.queue_plan = pagePlan
      .split('\n')
      .filter((l) => /Limit|tire_checks|Sort/.test(l))
      .map((l) => l.trim());
    report.count_plan = countPlan.split('\n').map((l) => l.trim());

    const timed = async (url: string) => {
      const xs: number[] = [];
      let body: { total: number; data: unknown[] } = { total: 0, data: [] };
      for (let i = 0; i < 7; i++) {
        const start = performance.now();
        const res = await call(tok.staff, 'GET', url);
        xs.push(performance.now() - start);
        body = res.json();
      }
      return { ms: +median(xs).toFixed(1), body };
    };
    const first = await timed('/tire-check/noEdpSign?page=1&pageSize=15');
    const last = await timed('/tire-check/noEdpSign?page=3&pageSize=100');
    expect(first.body.total).toBeGreaterThanOrEqual(303);
    expect(first.body.data).toHaveLength(15);
    const pending = await timed('/tire-check/pending');
    const today = await timed('/tire-check/today');
    const direct: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      await queries.queue({ page: 1, pageSize: 15 });
      direct.push(performance.now() - start);
    }
    report.queue_ms = {
      query_direct_page1_15: +median(direct).toFixed(1),
      page1_15: first.ms,
      page3_100: last.ms,
      pending: pending.ms,
      today: today.ms,
    };
  });
});
