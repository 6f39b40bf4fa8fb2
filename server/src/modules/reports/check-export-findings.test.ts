// Rekam Pengecekan export (issue 37, item 7): each check carries its tires' defects, one column
// per zone named by the catalogue, and how many tires have a serial photo.

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';

let t: TestApp;
let staff = '';
afterAll(() => t?.close());
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
});

describe('GET /api/tire-check/querry/record/export', () => {
  it('names the defects per zone with their positions and counts the tire photos', async () => {
    const db = t.database.db;
    await db.execute(sql`update defect_codes set name = null where code = 5`);
    const [c] = rowsOf<{ id: number; unit_id: number }>(
      await db.execute(sql`
        insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at)
        select u.id, u.plate_number, (select id from users where email = ${FX.tireman.email}),
               (select id from locations where name = ${FX.location}), 61000, '2025-05-05T09:00:00+07:00'
          from units u where u.plate_number = ${FX.tronton}
        returning id, unit_id`),
    );
    await db.execute(sql`
      insert into tire_check_records (tire_check_id, position, serial_number, serial_number_url, condition)
      values (${c!.id}, '3', 'S-3', 'uploads/ban-3.jpg', '99,99,23,99,99'),
             (${c!.id}, '5', 'S-5', '-', '1,99,36,0,5'),
             (${c!.id}, '6', 'S-6', 'uploads/ban-6.jpg', '99,99,99,99,99')`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tire-check/querry/record/export?dateStart=2025-05-05&dateEnd=2025-05-05&unit_id=${c!.unit_id}`,
      headers: { access_token: staff },
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Rekam Pengecekan')!;
    const header = (ws.getRow(2).values as unknown[]).slice(1);
    const row = ws.getRow(3);
    const cell = (h: string) => row.getCell(header.indexOf(h) + 1).value;
    expect(row.getCell(1).value).toBe(c!.id);
    expect(cell('Kerusakan Tapak')).toBe('Pos 5: 1 Crown Cut');
    expect(cell('Kerusakan Bahu')).toBe(null);
    expect(cell('Kerusakan Dinding')).toBe('Pos 3: 23 Sidewall Cut; Pos 5: 36 Running Flat');
    expect(cell('Kerusakan Bead')).toBe(null);
    expect(cell('Kerusakan Dalam')).toBe('Pos 5: 5 Kode 5');
    expect(cell('Foto Ban')).toBe(2);
  });
});
