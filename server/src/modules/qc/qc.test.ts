import { API } from '@itms/contracts/api';
import { QC_ITEM_LABELS, QC_POSITIONS } from '@itms/contracts/enums';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { locations, qcChecks, units } from '../../db/schema';

let t: TestApp;
let staff: string;
let tireman: string;
let unitId: number;
let locationId: number;

beforeAll(async () => {
  // the export test dates QC checks in March 2025: a limit that reaches that far back
  t = await createTestApp({ fieldMaxAgeDays: 3650 });
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  const [u] = await t.database.db.select().from(units).where(eq(units.plate_number, FX.tronton));
  const [l] = await t.database.db.select().from(locations).where(eq(locations.name, FX.location));
  unitId = u!.id;
  locationId = l!.id;
});
afterAll(() => t.close());

const get = (url: string, token = staff) =>
  t.app.inject({ method: 'GET', url, headers: { access_token: token } });
const post = (payload: object | string, token = tireman, form = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/qccheck',
    payload,
    headers: {
      access_token: token,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });

/** A recognisable matrix: item i, position p is true unless (i + p) % 5 === 0. */
const matrix = () =>
  Array.from({ length: 14 }, (_, i) => Array.from({ length: 14 }, (_, p) => (i + p) % 5 !== 0));
const qcCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(qcChecks))[0]!.n;

describe('QC check submission (field)', () => {
  it('stores a 14 x 14 matrix as fourteen comma-separated texts and shows it back as the detail matrix', async () => {
    const res = await post({
      unit_id: unitId,
      location_id: locationId,
      name_qc: 'Qori QC',
      checks: matrix(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, message } = res.json();
    expect(message).toBe('Data QC berhasil dikirim');
    const [stored] = await t.database.db.select().from(qcChecks).where(eq(qcChecks.id, id));
    expect(stored!.check1).toBe(matrix()[0]!.join(','));
    expect(stored!.check14.split(',')).toHaveLength(14);

    const detail = await get(`/api/qccheck/${id}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d).toMatchObject({
      id,
      name_qc: 'Qori QC',
      Tire_Man: { name: FX.tireman.name },
      Unit: { plate_number: FX.tronton },
      // the office leaves the positions a tronton has not (11, 12) empty
      unit_type: 'TRONTON',
      Location: { name: FX.location },
      check5: matrix()[4]!.join(','),
    });
    expect(d.matrix).toEqual(matrix());
    expect(d.items).toEqual([...QC_ITEM_LABELS]);
    expect(d.positions).toEqual([...QC_POSITIONS]);
    expect(d.matrix[0][5]).toBe(false); // (0 + 5) % 5 === 0: a cross at item 1, position 6
    expect(d.matrix[0][4]).toBe(true);
  });

  it('accepts check1..check14 texts as the old field app sends them, form-urlencoded', async () => {
    const fields: Record<string, string> = { unit_id: String(unitId), name_qc: 'Budi QC' };
    matrix().forEach((row, i) => {
      fields[`check${i + 1}`] = row.join(',');
    });
    const res = await post(new URLSearchParams(fields).toString(), tireman, true);
    expect(res.statusCode, res.body).toBe(201);
    const d = (await get(`/api/qccheck/${res.json().id}`)).json();
    expect(d.matrix).toEqual(matrix());
    expect(d.Location).toBeNull();
    // the matrix as JSON text in a form body works too
    const asText = await post(
      new URLSearchParams({
        unit_id: String(unitId),
        name_qc: 'C',
        checks: JSON.stringify(matrix()),
      }).toString(),
      tireman,
      true,
    );
    expect(asText.statusCode, asText.body).toBe(201);
  });

  it('refuses a malformed matrix with field errors and stores nothing', async () => {
    const before = await qcCount();
    const short = matrix().slice(0, 13);
    const r1 = await post({ unit_id: unitId, name_qc: 'X', checks: short });
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'checks' }] });

    const badRow = matrix();
    badRow[3] = badRow[3]!.slice(0, 12);
    const r2 = await post({ unit_id: unitId, name_qc: 'X', checks: badRow });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().fields.map((f: { field: string }) => f.field)).toEqual(['checks.3']);

    const badCell = matrix() as unknown[][];
    badCell[2]![7] = 'ya';
    const r3 = await post({ unit_id: unitId, name_qc: 'X', checks: badCell });
    expect(r3.json().fields.map((f: { field: string }) => f.field)).toEqual(['checks.2.7']);

    const r4 = await post({ unit_id: unitId, name_qc: 'X' });
    expect(r4.json().fields).toEqual([
      { field: 'checks', message: 'Matriks pemeriksaan wajib diisi (14 item x 14 posisi)' },
    ]);

    const texts: Record<string, string> = { unit_id: String(unitId), name_qc: 'X' };
    matrix().forEach((row, i) => {
      if (i !== 9) texts[`check${i + 1}`] = row.join(',');
    });
    texts.check2 = 'true,false';
    const r5 = await post(texts);
    expect(r5.statusCode).toBe(400);
    expect(
      r5
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['check10', 'check2']);

    const r6 = await post({ unit_id: 999999, name_qc: '', checks: matrix() });
    expect(r6.statusCode).toBe(400);
    expect(r6.json().fields.map((f: { field: string }) => f.field)).toEqual(['name_qc']);
    const r7 = await post({ unit_id: 999999, name_qc: 'X', checks: matrix() });
    expect(r7.json()).toMatchObject({ statusCode: 400, fields: [{ field: 'unit_id' }] });

    expect(await qcCount()).toBe(before);
  });

  it('stores when the check was done (performed_at), and refuses a device clock more than 10 minutes ahead', async () => {
    const done = new Date(Date.now() - 30 * 3600_000);
    const res = await post({
      unit_id: unitId,
      name_qc: 'Qori QC',
      checks: matrix(),
      performed_at: done.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(qcChecks).where(eq(qcChecks.id, res.json().id));
    expect(row!.performed_at.getTime()).toBe(done.getTime());
    expect(row!.created_at.getTime() - done.getTime()).toBeGreaterThan(24 * 3600_000);
    // the office list below counts today's checks only
    await t.database.db.delete(qcChecks).where(eq(qcChecks.id, row!.id));

    const before = await qcCount();
    const ahead = await post({
      unit_id: unitId,
      name_qc: 'Qori QC',
      checks: matrix(),
      performed_at: new Date(Date.now() + 11 * 60_000).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({
      message: 'Waktu perangkat tidak valid',
      fields: [{ field: 'performed_at' }],
    });
    expect(await qcCount()).toBe(before);
  });

  it('only tire men (and admin) submit; the office reads', async () => {
    expect((await post({ unit_id: unitId, name_qc: 'X', checks: matrix() }, staff)).statusCode).toBe(403);
    expect((await get('/api/qccheck-detailed', tireman)).statusCode).toBe(403);
  });
});

describe('Quality Control Record (office)', () => {
  it('lists checks newest first, 15 per page, with IR checker, QC checker, unit, location and date', async () => {
    for (let i = 0; i < 16; i++) {
      await post({ unit_id: unitId, location_id: locationId, name_qc: `QC ${i}`, checks: matrix() });
    }
    const total = await qcCount();
    const res = await get('/api/qccheck-detailed');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 15, total });
    expect(body.data).toHaveLength(15);
    expect(body.data[0]).toMatchObject({
      name_qc: 'QC 15',
      Tire_Man: { name: FX.tireman.name },
      Unit: { plate_number: FX.tronton },
      Location: { name: FX.location },
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      time: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
    expect((await get('/api/qccheck-detailed?pageSize=50')).json().data).toHaveLength(total);
    expect((await get('/api/qccheck-detailed?q=qc%201')).json().total).toBe(7); // QC 1, QC 10..QC 15
    const today = body.data[0].date;
    expect((await get(`/api/qccheck-detailed?dateStart=${today}&dateEnd=${today}`)).json().total).toBe(total);
    expect((await get('/api/qccheck-detailed?dateStart=2020-01-01&dateEnd=2020-01-02')).json().total).toBe(0);
    expect((await get('/api/qccheck/999999')).statusCode).toBe(404);
    const xlsx = await get('/api/qccheck-detailed/export?q=QC%2015');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('QC export', () => {
  it('writes a title row with the period, real Jakarta date cells and the 14 QC items', async () => {
    // 20:30 UTC on 4 March is 03:30 on 5 March in Jakarta: the day and the time of the cell
    const done = await post({
      unit_id: unitId,
      location_id: locationId,
      name_qc: 'Ekspor QC',
      checks: matrix(),
      performed_at: '2025-03-04T20:30:00Z',
    });
    expect(done.statusCode, done.body).toBe(201);
    const allGood = Array.from({ length: 14 }, () => Array.from({ length: 14 }, () => true));
    const other = await post({
      unit_id: unitId,
      name_qc: 'Ekspor QC lain',
      checks: allGood,
      performed_at: '2025-03-05T16:59:00Z', // 23:59 on 5 March in Jakarta, still the period
    });
    expect(other.statusCode, other.body).toBe(201);
    // 17:00 UTC on 5 March is already 6 March in Jakarta: outside the period
    await post({
      unit_id: unitId,
      name_qc: 'Ekspor QC luar',
      checks: allGood,
      performed_at: '2025-03-05T17:00:00Z',
    });

    const res = await get('/api/qccheck-detailed/export?dateStart=2025-03-05&dateEnd=2025-03-05&q=ekspor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('quality-control.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Quality Control')!;
    expect(ws.getCell('A1').value).toBe('Quality Control Record · Periode 05 Maret 2025 · Pencarian: ekspor');
    const header = (ws.getRow(2).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Id',
      'IR Checker',
      'QC Checker',
      'No. Body',
      'Lokasi',
      'Tanggal',
      ...QC_ITEM_LABELS,
    ]);
    expect(ws.rowCount).toBe(4);
    const [newest, older] = [ws.getRow(3), ws.getRow(4)];
    expect(newest.getCell(1).value).toBe(other.json().id);
    expect(newest.getCell(6).value).toEqual(new Date('2025-03-05T23:59:00Z'));
    expect(newest.getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((newest.values as unknown[]).slice(7)).toEqual(Array(14).fill('✓ semua'));
    expect((older.values as unknown[]).slice(1, 7)).toEqual([
      done.json().id,
      FX.tireman.name,
      'Ekspor QC',
      FX.tronton,
      FX.location,
      new Date('2025-03-05T03:30:00Z'),
    ]);
    // item 1 is crossed at positions 1, 6 and 11 (index 0, 5, 10); every item as the matrix says
    expect(older.getCell(7).value).toBe('✗ 1, 6, 11');
    matrix().forEach((row, i) => {
      const crossed = QC_POSITIONS.filter((_, p) => !row[p]);
      expect(older.getCell(7 + i).value).toBe(`✗ ${crossed.join(', ')}`);
    });
  });
});

describe('QC reply schemas', () => {
  it('answers its list and detail as their reply schemas describe', async () => {
    const res = await post({ unit_id: unitId, location_id: locationId, name_qc: 'Skema', checks: matrix() });
    expect(res.statusCode, res.body).toBe(201);
    API.createQcCheck.reply.parse(res.json());
    API.listQcChecks.reply.parse((await get('/api/qccheck-detailed')).json());
    API.getQcCheck.reply.parse((await get(`/api/qccheck/${res.json().id}`)).json());
  });
});
