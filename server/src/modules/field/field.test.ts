import { API } from '@itms/contracts/api';
import {
  ZFieldBootstrap,
  ZFieldHistoryRow,
  ZFieldReturnedDetail,
  ZFieldUnit,
  ZFieldUnitSearchRow,
} from '@itms/contracts/field';
import { listResult } from '@itms/contracts/list';
import { DIAGRAMS } from '@itms/contracts/rules/vehicle-diagram';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '', tireman2: '' };
const ids = { tronton: 0, engkel: 0, location: 0, project: 0, customer: 0, tireman: 0, tireman2: 0 };

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { access_token: token, ...headers } });

/** A check straight in the database (the read side is under test), by `who`, `daysAgo` days back. */
async function insertCheck(
  who: number,
  unit: number,
  daysAgo: number,
  over: { status?: 'approved'; returned?: string } = {},
): Promise<number> {
  const [row] = await q<{ id: number }>(sql`
    insert into tire_checks (unit_id, plate_number, tireman_id, location_id, project_id, odometer,
                             status, edp_sign, returned_at, return_reason, performed_at, created_at)
    select u.id, u.plate_number, ${who}, ${ids.location}, u.project_id, 60000,
           ${over.status ?? 'pending'}, ${over.status === 'approved' ? '2026/01/edp.png' : '-'},
           ${over.returned ? sql`now()` : sql`null`}, ${over.returned ?? null},
           now() - make_interval(days => ${daysAgo}), now()
      from units u where u.id = ${unit}
    returning id`);
  await q(sql`
    insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2,
                                    groove_3, groove_4, pressure, condition)
    select ${row!.id}, a.tire_id, a.position, t.serial_number, 9, 9.5, 8, 9, 100, '0,0,0,0,0'
      from active_unit_tires a join tires t on t.id = a.tire_id where a.unit_id = ${unit}`);
  return row!.id;
}

async function insertReplacement(who: number, unit: number, daysAgo: number, returned?: string) {
  const [row] = await q<{ id: number }>(sql`
    insert into tire_replacements (unit_id, tireman_id, location_id, project_id, odometer, spk,
                                   returned_at, return_reason, performed_at)
    values (${unit}, ${who}, ${ids.location}, ${ids.project}, 61000, 'SPK-1',
            ${returned ? sql`now()` : sql`null`}, ${returned ?? null}, now() - make_interval(days => ${daysAgo}))
    returning id`);
  await q(sql`
    insert into tire_replace_records (tire_replacement_id, tire_id, position, serial_number, status, size,
                                      groove_1, groove_2, groove_3, groove_4, pressure)
    select ${row!.id}, t.id, '1', t.serial_number, 'replace', t.size, 15, 15, 15, 15, 110
      from tires t where t.serial_number = ${FX.stockSerial(1)}`);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from projects where name = ${FX.project}) as project,
           (select customer_id from projects where name = ${FX.project}) as customer,
           (select id from users where email = ${FX.tireman.email}) as tireman,
           (select id from users where email = ${FX.tireman2.email}) as tireman2`);
  Object.assign(ids, u);
});
afterAll(() => t?.close());

describe('GET /api/field/bootstrap', () => {
  it("gives a tire man linked to a project that project's units with their mounted tires by position", async () => {
    // the admin links him in the Tire Man edit modal (Proyek)
    const link = await t.app.inject({
      method: 'PUT',
      url: `/api/tire-man/${ids.tireman}`,
      headers: { access_token: tok.admin },
      payload: {
        name: FX.tireman.name,
        email: FX.tireman.email,
        phone: '081100000004',
        role: 'tire-man',
        project_ids: [ids.project],
      },
    });
    expect(link.statusCode, link.body).toBe(200);
    // another project's unit is not his
    const [other] = await q<{ id: number }>(
      sql`insert into projects (name, customer_id) values ('Proyek Lain', ${ids.customer}) returning id`,
    );
    await q(
      sql`insert into units (plate_number, unit_type, project_id) values ('L 1 XYZ', 'CDD', ${other!.id})`,
    );
    // a check of the tronton just now (by the other tire man): its location, date and this month's flag
    await insertCheck(ids.tireman2, ids.tronton, 0);

    const res = await get('/field/bootstrap', tok.tireman);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = ZFieldBootstrap.parse(res.json());
    expect(body.me).toMatchObject({ id: ids.tireman, name: FX.tireman.name, email: FX.tireman.email });
    expect(body.me.has_signature).toBe(false);
    expect(body.units.map((u) => u.plate_number)).toEqual([FX.tronton, FX.engkel]);

    const tronton = body.units[0]!;
    expect(tronton).toMatchObject({
      unit_type: 'TRONTON',
      diagram: 'tronton',
      positions: DIAGRAMS.tronton.positions,
      project: { id: ids.project, name: FX.project },
      location: { id: ids.location, name: FX.location },
      tonnage: 20,
      checked_this_month: true,
    });
    expect(Date.now() - Date.parse(tronton.last_check_at!)).toBeLessThan(60_000);
    expect(tronton.tires.map((x) => x.position)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(tronton.tires[0]).toMatchObject({
      serial_number: FX.installedSerial(1),
      ir_brand: 'BRIDGESTONE',
      size: '11.00-20',
      pattern: 'R150',
      groove_1: 12,
      groove_2: 12,
      groove_3: 11,
      groove_4: 12,
      groove_lowest: 11,
      pressure: 110,
    });
    expect(tronton.tires[0]!.measured_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // the engkel has not been checked: no location, no date
    expect(body.units[1]).toMatchObject({
      diagram: 'engkel',
      location: null,
      last_check_at: null,
      checked_this_month: false,
    });
    expect(body.units[1]!.tires.map((x) => x.serial_number)).toEqual(
      Array.from({ length: 6 }, (_, i) => FX.installedSerial(i + 11)),
    );

    expect(body.locations).toContainEqual({
      id: ids.location,
      name: FX.location,
      region: { id: expect.any(Number), name: FX.region },
    });
    expect(body.projects.map((p) => p.name)).toEqual(expect.arrayContaining([FX.project, 'Proyek Lain']));
    expect(body.pull_point_mm).toBe(t.config.tirePullPointMm);
    expect(Array.isArray(body.size_pressures)).toBe(true);
    // the defect catalogue goes with it, for the zones of a check made with no signal
    expect(body.defect_codes).toHaveLength(40);
    expect(body.defect_codes.find((d) => d.code === 23)).toEqual({
      code: 23,
      name: 'Sidewall Cut',
      unsafe: true,
    });
    expect(body.returned).toEqual([]);
    expect(Math.abs(Date.now() - Date.parse(body.server_time))).toBeLessThan(60_000);
  });

  it('gives a tire man without projects the units he checked in the last 60 days', async () => {
    const empty = ZFieldBootstrap.parse((await get('/field/bootstrap', tok.tireman2)).json());
    // the check of the first test was his: the tronton
    expect(empty.units.map((u) => u.plate_number)).toEqual([FX.tronton]);
    await insertCheck(ids.tireman2, ids.engkel, 59);
    const [gone] = await q<{ id: number }>(
      sql`insert into units (plate_number, unit_type, project_id) values ('B 7 OLD', 'TRONTON', ${ids.project}) returning id`,
    );
    await insertCheck(ids.tireman2, gone!.id, 61);
    const body = ZFieldBootstrap.parse((await get('/field/bootstrap', tok.tireman2)).json());
    expect(body.units.map((u) => u.plate_number)).toEqual([FX.tronton, FX.engkel]);
  });

  it('answers 304 without a body while nothing changed, and 200 with a new tag after a change', async () => {
    const first = await get('/field/bootstrap', tok.tireman);
    const etag = first.headers.etag as string;
    const again = await get('/field/bootstrap', tok.tireman);
    // server_time moves on, the tag does not
    expect(again.headers.etag).toBe(etag);
    // the phone gets it compressed, under the same tag
    const gzipped = await get('/field/bootstrap', tok.tireman, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(etag);
    expect(gzipped.rawPayload.length).toBeLessThan(again.rawPayload.length);

    const notModified = await get('/field/bootstrap', tok.tireman, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    // the strong form and a list of tags match too
    const listed = await get('/field/bootstrap', tok.tireman, {
      'if-none-match': `"other", ${etag.replace(/^W\//, '')}`,
    });
    expect(listed.statusCode).toBe(304);

    // the office returns his check with a reason: the snapshot changed
    const checkId = await insertCheck(ids.tireman, ids.engkel, 1);
    await q(
      sql`update tire_checks set returned_at = now(), return_reason = 'Foto odometer buram' where id = ${checkId}`,
    );
    const changed = await get('/field/bootstrap', tok.tireman, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const body = ZFieldBootstrap.parse(changed.json());
    expect(body.returned).toEqual([
      expect.objectContaining({
        kind: 'tire-check',
        id: checkId,
        unit_id: ids.engkel,
        plate_number: FX.engkel,
        return_reason: 'Foto odometer buram',
      }),
    ]);
    // another tire man's tag is not his
    const theirs = await get('/field/bootstrap', tok.tireman2, {
      'if-none-match': changed.headers.etag as string,
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('is for tire men (and admins), not the office staff', async () => {
    expect((await get('/field/bootstrap', tok.staff)).statusCode).toBe(403);
    expect((await get('/field/history', tok.staff)).statusCode).toBe(403);
    expect((await get('/field/units', tok.staff)).statusCode).toBe(403);
    expect((await get('/field/bootstrap', tok.admin)).statusCode).toBe(200);
  });
});

describe('GET /api/field/history', () => {
  let hadiToken = '';
  let rows: {
    pending: number;
    approved: number;
    returned: number;
    replacement: number;
    mismatch: number;
    qc: number;
  };

  beforeAll(async () => {
    // a fresh tire man, so that the other tests' rows do not mix in
    const [me] = await q<{ id: number }>(sql`
      insert into users (name, phone, email, password_hash, role)
      select 'Hadi Riwayat', '081100000099', 'hadi@test.local', password_hash, 'tire-man'
        from users where email = ${FX.tireman.email}
      returning id`);
    const hadi = me!.id;
    const pending = await insertCheck(hadi, ids.tronton, 1);
    const approved = await insertCheck(hadi, ids.tronton, 5, { status: 'approved' });
    const returned = await insertCheck(hadi, ids.engkel, 3, { returned: 'Tekanan ban tidak masuk akal' });
    const replacement = await insertReplacement(hadi, ids.engkel, 2, 'Tanda tangan PIC kosong');
    const [m] = await q<{ id: number }>(sql`
      insert into mismatches (unit_id, tireman_id, location_id, category, performed_at)
      values (${ids.tronton}, ${hadi}, ${ids.location}, 'Ban tidak sesuai', now() - interval '4 days') returning id`);
    const checks = Array.from({ length: 14 }, (_, i) => sql.raw(`'${i % 2 ? 'true' : 'false'}'`));
    const [qc] = await q<{ id: number }>(sql`
      insert into qc_checks (tireman_id, name_qc, unit_id, location_id, check1, check2, check3, check4, check5,
                             check6, check7, check8, check9, check10, check11, check12, check13, check14, performed_at)
      values (${hadi}, 'QC Satu', ${ids.engkel}, ${ids.location}, ${sql.join(checks, sql`, `)}, now() - interval '6 days')
      returning id`);
    // the office deleted one of his checks (another module records it)
    await q(sql`
      insert into deleted_submissions (kind, record_id, tireman_id, unit_id, plate_number, performed_at)
      values ('tire-check', 987654, ${hadi}, ${ids.tronton}, ${FX.tronton}, now() - interval '7 days')`);
    rows = { pending, approved, returned, replacement, mismatch: m!.id, qc: qc!.id };
    hadiToken = await t.login('hadi@test.local');
  });

  const tokHadi = () => hadiToken;

  it('lists his submissions newest first by performed_at, with their status and return reason', async () => {
    const res = await get('/field/history', tokHadi());
    expect(res.statusCode, res.body).toBe(200);
    const body = listResult(ZFieldHistoryRow).parse(res.json());
    expect(body).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    expect(body.data.map((r) => [r.kind, r.id, r.status, r.return_reason])).toEqual([
      ['tire-check', rows.pending, 'pending', null],
      ['tire-replacement', rows.replacement, 'returned', 'Tanda tangan PIC kosong'],
      ['tire-check', rows.returned, 'returned', 'Tekanan ban tidak masuk akal'],
      ['mismatch', rows.mismatch, 'pending', null],
      ['tire-check', rows.approved, 'approved', null],
      ['qc-check', rows.qc, 'approved', null],
      ['tire-check', 987654, 'deleted', null],
    ]);
    expect(body.data[1]).toMatchObject({ unit_id: ids.engkel, plate_number: FX.engkel });
    expect(body.data[6]).toMatchObject({ unit_id: ids.tronton, plate_number: FX.tronton });
    const times = body.data.map((r) => Date.parse(r.performed_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages in SQL', async () => {
    const page2 = listResult(ZFieldHistoryRow).parse(
      (await get('/field/history?page=2&pageSize=3', tokHadi())).json(),
    );
    expect(page2).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page2.data.map((r) => r.id)).toEqual([rows.mismatch, rows.approved, rows.qc]);
    const past = (await get('/field/history?page=9&pageSize=3', tokHadi())).json();
    expect(past).toMatchObject({ data: [], total: 7 });
    expect((await get('/field/history?pageSize=1000', tokHadi())).statusCode).toBe(400);
  });

  it("never shows another tire man's submissions", async () => {
    const theirs = listResult(ZFieldHistoryRow).parse(
      (await get('/field/history?pageSize=100', tok.tireman)).json(),
    );
    const hadiIds = new Set([rows.pending, rows.approved, rows.returned, 987654]);
    expect(theirs.data.filter((r) => r.kind === 'tire-check' && hadiIds.has(r.id))).toEqual([]);
    expect(theirs.data.some((r) => r.kind === 'mismatch' || r.kind === 'qc-check')).toBe(false);
  });

  it('lists his tire requests by serial; the office approving or deleting one shows there', async () => {
    const [hadi] = await q<{ id: number }>(sql`select id from users where email = 'hadi@test.local'`);
    const [kept, dropped] = await q<{ id: number }>(sql`
      insert into tire_requests (serial_number, size, requested_by, performed_at, created_at)
      values ('REQ-HADI-1', '11.00-20', ${hadi!.id}, now() - interval '2 hours', now() - interval '2 hours'),
             ('REQ-HADI-2', '11.00-20', ${hadi!.id}, now() - interval '3 hours', now() - interval '3 hours')
      returning id`);
    const office = (method: 'POST' | 'DELETE', url: string) =>
      t.app.inject({ method, url: `/api${url}`, headers: { access_token: tok.staff } });
    const pending = listResult(ZFieldHistoryRow).parse(
      (await get('/field/history?pageSize=2', tokHadi())).json(),
    );
    expect(pending.total).toBe(9);
    expect(
      pending.data.map((r) => [r.kind, r.id, r.serial_number, r.status, r.unit_id, r.plate_number]),
    ).toEqual([
      ['tire-request', kept!.id, 'REQ-HADI-1', 'pending', null, ''],
      ['tire-request', dropped!.id, 'REQ-HADI-2', 'pending', null, ''],
    ]);

    expect((await office('POST', `/tire-request/${kept!.id}/approve`)).statusCode).toBe(200);
    expect((await office('DELETE', `/tire-request/${dropped!.id}`)).statusCode).toBe(200);
    const after = listResult(ZFieldHistoryRow).parse(
      (await get('/field/history?pageSize=2', tokHadi())).json(),
    );
    expect(after.total).toBe(9);
    expect(after.data.map((r) => [r.kind, r.id, r.serial_number, r.status])).toEqual([
      ['tire-request', kept!.id, 'REQ-HADI-1', 'approved'],
      ['tire-request', dropped!.id, 'REQ-HADI-2', 'deleted'],
    ]);
    // the other kinds carry no serial
    const all = listResult(ZFieldHistoryRow).parse(
      (await get('/field/history?pageSize=100', tokHadi())).json(),
    );
    expect(all.data.filter((r) => r.kind !== 'tire-request').every((r) => r.serial_number === null)).toBe(
      true,
    );
  });

  describe('GET /api/field/returned/{kind}/{id}', () => {
    it('gives back the whole returned check, to redo it', async () => {
      const res = await get(`/field/returned/tire-check/${rows.returned}`, tokHadi());
      expect(res.statusCode, res.body).toBe(200);
      const doc = ZFieldReturnedDetail.parse(res.json());
      expect(doc).toMatchObject({
        kind: 'tire-check',
        id: rows.returned,
        unit: { id: ids.engkel, plate_number: FX.engkel, diagram: 'engkel', project: { id: ids.project } },
        location: { id: ids.location, name: FX.location },
        odometer: 60000,
        return_reason: 'Tekanan ban tidak masuk akal',
      });
      if (doc.kind !== 'tire-check') throw new Error('kind');
      expect(doc.records.map((r) => r.position)).toEqual(['1', '2', '3', '4', '5', '6']);
      expect(doc.records[0]).toMatchObject({
        serial_number: FX.installedSerial(11),
        groove_1: 9,
        groove_2: 9.5,
        pressure: 100,
      });
    });

    it('gives back the whole returned replacement', async () => {
      const res = await get(`/field/returned/tire-replacement/${rows.replacement}`, tokHadi());
      expect(res.statusCode, res.body).toBe(200);
      const doc = ZFieldReturnedDetail.parse(res.json());
      expect(doc).toMatchObject({
        kind: 'tire-replacement',
        spk: 'SPK-1',
        return_reason: 'Tanda tangan PIC kosong',
      });
      if (doc.kind !== 'tire-replacement') throw new Error('kind');
      expect(doc.records).toEqual([
        expect.objectContaining({
          position: '1',
          status: 'replace',
          serial_number: FX.stockSerial(1),
          groove_1: 15,
        }),
      ]);
    });

    it("is 404 for another tire man's item, for one not returned, and for an unknown kind 400", async () => {
      const other = await get(`/field/returned/tire-check/${rows.returned}`, tok.tireman);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Data yang dikembalikan tidak ditemukan');
      expect(
        (await get(`/field/returned/tire-replacement/${rows.replacement}`, tok.tireman)).statusCode,
      ).toBe(404);
      expect((await get(`/field/returned/tire-check/${rows.pending}`, tokHadi())).statusCode).toBe(404);
      // the right id under the other kind is not it either
      expect((await get(`/field/returned/tire-replacement/${rows.returned}`, tokHadi())).statusCode).toBe(
        404,
      );
      expect((await get(`/field/returned/mismatch/${rows.mismatch}`, tokHadi())).statusCode).toBe(400);
    });

    it('answers every list and detail GET with a reply that parses against the endpoint table', async () => {
      const gets: [keyof typeof API, string][] = [
        ['getFieldBootstrap', '/field/bootstrap'],
        ['searchFieldUnits', '/field/units'],
        ['listFieldHistory', '/field/history'],
        ['getFieldReturned', `/field/returned/tire-check/${rows.returned}`],
        ['getFieldReturned', `/field/returned/tire-replacement/${rows.replacement}`],
      ];
      for (const [op, url] of gets) {
        const res = await get(url, tokHadi());
        expect(res.statusCode, `${op}: ${res.body}`).toBe(200);
        expect((API[op].reply as z.ZodType).safeParse(res.json()).error, op).toBeUndefined();
      }
    });
  });
});

describe('GET /api/field/units', () => {
  const search = async (query: string) => {
    const res = await get(`/field/units?${query}`, tok.tireman);
    expect(res.statusCode, res.body).toBe(200);
    return listResult(ZFieldUnitSearchRow).parse(res.json());
  };

  it('finds any unit by plate, case and spaces ignored, plates starting with the text first', async () => {
    const tronton = await search('q=9001');
    expect(tronton.data).toEqual([
      {
        id: ids.tronton,
        plate_number: FX.tronton,
        unit_type: 'TRONTON',
        project: { id: ids.project, name: FX.project },
      },
    ]);
    expect((await search('q=b9002en')).data.map((u) => u.plate_number)).toEqual([FX.engkel]);
    // a unit of another project is found too (it is not his)
    expect((await search('q=l 1')).data.map((u) => u.plate_number)).toEqual(['L 1 XYZ']);
    // plates that start with the text come before those that only contain it
    expect((await search('q=l')).data.map((u) => u.plate_number)).toEqual(['L 1 XYZ', 'B 7 OLD']);
  });

  it('gives a unit found there whole, as the snapshot holds his own (issue 37, item 4)', async () => {
    const [other] = (await search('q=l 1')).data;
    const res = await get(`/field/units/${other!.id}`, tok.tireman);
    expect(res.statusCode, res.body).toBe(200);
    const unit = ZFieldUnit.parse(res.json());
    expect(unit).toMatchObject({ id: other!.id, plate_number: 'L 1 XYZ', project: other!.project });
    expect(unit.positions.length).toBeGreaterThan(0);
    // the same shape and values as a unit of his own snapshot
    const mine = ZFieldBootstrap.parse((await get('/field/bootstrap', tok.tireman)).json()).units.find(
      (u) => u.id === ids.tronton,
    );
    expect(ZFieldUnit.parse((await get(`/field/units/${ids.tronton}`, tok.tireman)).json())).toEqual(mine);
    expect((await get('/field/units/999999', tok.tireman)).statusCode).toBe(404);
    expect((await get(`/field/units/${other!.id}`, tok.staff)).statusCode).toBe(403);
  });

  it('takes LIKE wildcards literally and pages', async () => {
    expect((await search('q=%25')).total).toBe(0);
    expect((await search('q=_')).total).toBe(0);
    const all = await search('pageSize=2');
    expect(all.total).toBe(4);
    expect(all.data).toHaveLength(2);
    const page2 = await search('pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect([...all.data, ...page2.data].map((u) => u.id).sort()).toHaveLength(4);
    expect(new Set([...all.data, ...page2.data].map((u) => u.id)).size).toBe(4);
    expect((await search('pageSize=2&page=5')).total).toBe(4);
  });
});
