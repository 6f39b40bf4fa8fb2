import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { pdfImageCount, pdfText } from '../../../test/pdf';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import { locations, units } from '../../db/schema';
import { longDateTime } from '../../lib/pdf';

let t: TestApp;
const tok = { staff: '', tireman: '' };
const ids = { tronton: 0, engkel: 0, location: 0 };
let photos: Record<'driver' | 'unit', string>;
let edpSign = '';

beforeAll(async () => {
  t = await createTestApp();
  tok.staff = await t.login(FX.staff.email);
  tok.tireman = await t.login(FX.tireman.email);
  const db = t.database.db;
  ids.tronton = (await db.select().from(units).where(eq(units.plate_number, FX.tronton)))[0]!.id;
  ids.engkel = (await db.select().from(units).where(eq(units.plate_number, FX.engkel)))[0]!.id;
  ids.location = (await db.select().from(locations).where(eq(locations.name, FX.location)))[0]!.id;
  photos = await uploadPhotos(t, tok.tireman, ['driver', 'unit']);
  edpSign = await uploadPhoto(t, tok.staff);
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { access_token: token } : {},
    ...(payload ? { payload } : {}),
  });

/** A tire man's BKB; positions as [position, found serial]; `withDriver` false: nobody known. */
async function report(unitId: number, positions: [string, string][], withDriver: boolean): Promise<number> {
  const res = await api('POST', '/mismatch', tok.tireman, {
    unit_id: unitId,
    location_id: ids.location,
    category: 'Nomor seri tidak sesuai',
    information: withDriver ? 'Ban posisi 2 berbeda dengan data sistem' : '',
    driver: withDriver ? { name: 'Joko Sopir', phone: '081234567890', photo: photos.driver } : null,
    ...(withDriver ? { image_url: photos.unit } : {}),
    positions: positions.map(([position, found_serial]) => ({ position, found_serial })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('GET /api/mismatch/pdf/:id (Cetak)', () => {
  it('prints a validated BKB: data, note, expected and found serials, the decision, photos and signature', async () => {
    const id = await report(
      ids.tronton,
      [
        ['1', FX.installedSerial(1)],
        ['2', 'X-9999'],
      ],
      true,
    );
    const v = await api('POST', `/mismatch/${id}/validate`, tok.staff, {
      signatureUrl: edpSign,
      positions: [{ position: '2', serial_number: FX.stockSerial(4) }],
    });
    expect(v.statusCode, v.body).toBe(200);
    const detail = (await api('GET', `/mismatch/detail/${id}`, tok.staff)).json();
    const day = new Date(new Date(detail.performed_at).getTime() + 7 * 3600_000).toISOString().slice(0, 10);

    const res = await api('GET', `/mismatch/pdf/${id}`, tok.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bkb-B9001TR-${day}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'BERITA KETIDAKSESUAIAN BAN (BKB)',
      `No. BKB: ${id}`,
      'Status: Tervalidasi',
      FX.tronton,
      'TRONTON',
      FX.location,
      FX.project,
      'Nomor seri tidak sesuai',
      'Ban posisi 2 berbeda dengan data sistem',
      'Joko Sopir',
      '081234567890',
      FX.tireman.name,
      FX.staff.name,
      'WIB',
      // position 1 as recorded, position 2 found different and updated to the chosen tire
      FX.installedSerial(1),
      FX.installedSerial(2),
      'X-9999',
      FX.stockSerial(4),
      'Normal',
      'Update',
      'Validator (ITMS)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Belum ditandatangani');
    // the validator named, with the time of the validation
    expect(text).toContain(
      `Validator (ITMS)\n${FX.staff.name}\n${longDateTime(new Date(detail.validatedAt), t.config.timezone)}`,
    );
    expect(text).not.toContain('Foto tidak tersedia');
    // the BKB photo, the driver's photo and the validator's signature
    expect(pdfImageCount(res.rawPayload)).toBe(3);
  });

  it('prints a pending BKB without a driver as TIDAK PASTI, unsigned and without photos', async () => {
    const id = await report(ids.engkel, [['1', 'Y-1234']], false);
    const res = await api('GET', `/mismatch/pdf/${id}`, tok.staff);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Status: Menunggu validasi');
    expect(text).toContain(FX.engkel);
    expect(text).toContain('TIDAK PASTI');
    expect(text).toContain('Y-1234');
    expect(text).toContain('Belum divalidasi');
    expect(text).toContain('Tidak ada keterangan tambahan');
    expect(text.match(/Belum ditandatangani/g)).toHaveLength(1);
    expect(text.match(/Foto tidak tersedia/g)).toHaveLength(2);
    expect(pdfImageCount(res.rawPayload)).toBe(0);
  });

  it('is for the office only: 403 for a tire man, 401 without a session', async () => {
    const id = await report(ids.engkel, [['2', 'Z-1']], false);
    const tm = await api('GET', `/mismatch/pdf/${id}`, tok.tireman);
    expect(tm.statusCode).toBe(403);
    expect(tm.json().message).toBe('Anda tidak memiliki akses ke fitur ini');
    expect((await api('GET', `/mismatch/pdf/${id}`)).statusCode).toBe(401);
  });

  it('answers 404 in the house error shape for an unknown BKB', async () => {
    const res = await api('GET', '/mismatch/pdf/999999', tok.staff);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'BKB tidak ditemukan' });
  });
});
