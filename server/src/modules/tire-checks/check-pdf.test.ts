import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { BAD_FILTER_PNG, CORRUPT_PNG } from '../../../test/images';
import { pdfImageCount, pdfText } from '../../../test/pdf';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { longDateTime, UNNAMED_SIGNER } from '../../lib/pdf';
import { newUploadKey } from '../../lib/storage';
import { conditionText } from './check-pdf';

let t: TestApp;
const tok = { staff: '', tireman: '' };
const ids = { tronton: 0, location: 0, project: 0 };
const PHOTOS = ['plate', 'odo', 'tmsign', 'drsign', 'picsign', 'itmssign'] as const;
let photos: Record<(typeof PHOTOS)[number], string>;
let edpSign = '';

beforeAll(async () => {
  t = await createTestApp();
  tok.staff = await t.login(FX.staff.email);
  tok.tireman = await t.login(FX.tireman.email);
  const [row] = rowsOf<typeof ids>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.tronton}) as tronton,
             (select id from locations where name = ${FX.location}) as location,
             (select id from projects where name = ${FX.project}) as project`),
  );
  Object.assign(ids, row);
  photos = await uploadPhotos(t, tok.tireman, PHOTOS);
  edpSign = await uploadPhoto(t, tok.staff);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { access_token: token } : {} });

/** A check of the tronton signed on site by tire man, driver, PIC and ITMS; `validate` adds EDP. */
async function checkOf(opts: {
  validate: boolean;
  picAbsent?: string;
  tirePhotos?: string[];
}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tire-check',
    headers: { access_token: tok.tireman },
    payload: {
      unit_id: ids.tronton,
      location_id: ids.location,
      project_id: ids.project,
      odometer: 61250,
      driver: { name: 'Dodi Driver', phone: '081299990000' },
      equipment: ['dongkrak'],
      plate_number_url: photos.plate,
      odometer_url: photos.odo,
      tireman_sign: photos.tmsign,
      driver_sign: photos.drsign,
      ...(opts.picAbsent ? { pic_absent_reason: opts.picAbsent } : { pic_sign: photos.picsign }),
      pic_name: 'Bu Sari PIC',
      itms_sign: photos.itmssign,
      records: Array.from({ length: 10 }, (_, i) => ({
        position: String(i + 1),
        serial_number: FX.installedSerial(i + 1),
        serial_number_url: opts.tirePhotos?.[i] ?? '-',
        groove_1: 10,
        groove_2: 9.5,
        groove_3: 9,
        groove_4: 10,
        pressure: 105,
        condition: i === 0 ? '1,99,99,99,99' : '99,99,99,99,99',
        ...(i === 1 ? { information: 'Benjolan di bahu kiri' } : {}),
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  if (opts.validate) {
    const records = (await get(`/tire-check-record/${id}`, tok.staff)).json() as { id: number }[];
    const v = await t.app.inject({
      method: 'POST',
      url: `/api/tire-check/${id}/validate`,
      headers: { access_token: tok.staff },
      payload: {
        edp_sign: edpSign,
        records: records.map((r) => ({
          record_id: r.id,
          groove_1: 10,
          groove_2: 9.5,
          groove_3: 9,
          groove_4: 10,
          pressure: 105,
          odometer: 61250,
        })),
      },
    });
    expect(v.statusCode, v.body).toBe(200);
  }
  return id;
}

describe('GET /api/tire-check/:id/pdf (Cetak)', () => {
  it('prints a validated check: data, every tire, the photos and all six signatures', async () => {
    const id = await checkOf({ validate: true });
    const detail = (await get(`/tire-check/detail/${id}`, tok.staff)).json();
    const res = await get(`/tire-check/${id}/pdf`, tok.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pengecekan-B9001TR-${detail.date}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'LAPORAN PENGECEKAN BAN',
      `No. Pengecekan: ${id}`,
      'Status: Tervalidasi',
      FX.tronton,
      'TRONTON',
      `${FX.location} (${FX.region})`,
      FX.project,
      `${detail.time} WIB`,
      '61.250 Km',
      'Tapak: 1 Crown Cut',
      '9,5',
    ]) {
      expect(text).toContain(expected);
    }
    // the tire man's note on a tire, with its condition (wrapped in its cell)
    expect(text.replace(/\s+/g, ' ')).toContain('Normal Catatan: Benjolan di bahu kiri');
    for (let n = 1; n <= 10; n++) expect(text).toContain(FX.installedSerial(n));
    // the signatories by name, under their roles; only the workshop has not signed
    for (const name of [FX.tireman.name, 'Dodi Driver', 'Bu Sari PIC', FX.staff.name]) {
      expect(text).toContain(name);
    }
    for (const role of ['Tire Man', 'Driver', 'PIC', 'ITMS', 'EDP', 'Workshop']) expect(text).toContain(role);
    // each signature with its time: the field's when the work was done, the EDP's at validation
    const at = (iso: string) => longDateTime(new Date(iso), t.config.timezone);
    expect(text).toContain(`PIC\nBu Sari PIC\n${at(detail.performed_at)}\nITMS\n${UNNAMED_SIGNER}`);
    expect(text).toContain(
      `EDP\n${FX.staff.name}\n${at(detail.validated_at)}\nWorkshop\nBelum ditandatangani\n-`,
    );
    expect(text.match(/Belum ditandatangani/g)).toHaveLength(1);
    expect(text).not.toContain('Foto tidak tersedia');
    // plate and odometer photos, five drawn signatures
    expect(pdfImageCount(res.rawPayload)).toBe(7);
  });

  it("prints the tire man's reason when the PIC was not on site", async () => {
    const id = await checkOf({ validate: false, picAbsent: 'PIC cuti' });
    const res = await get(`/tire-check/${id}/pdf`, tok.staff);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TTD PIC PIC tidak di tempat: PIC cuti');
    const signed = await pdfText(
      (await get(`/tire-check/${await checkOf({ validate: false })}/pdf`, tok.staff)).rawPayload,
    );
    expect(signed).not.toContain('PIC tidak di tempat');
  });

  it('prints an unvalidated check with EDP unsigned, and a photo gone from the storage as missing', async () => {
    const id = await checkOf({ validate: false });
    const [row] = rowsOf<{ plate: string }>(
      await t.database.db.execute(sql`select plate_number_url as plate from tire_checks where id = ${id}`),
    );
    // the plate photo's file is lost (the odometer photo is the same upload for no other check)
    fs.rmSync(path.join(t.config.storage.localDir, row!.plate));
    const res = await get(`/tire-check/${id}/pdf`, tok.staff);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Status: Menunggu validasi');
    expect(text.match(/Belum ditandatangani/g)).toHaveLength(2);
    expect(text.match(/Foto tidak tersedia/g)).toHaveLength(1);
    expect(pdfImageCount(res.rawPayload)).toBe(5);
  });

  it('prints a damaged photo or signature already in the storage as unreadable, and the server lives on', async () => {
    const id = await checkOf({ validate: true });
    // written straight to the storage, past the upload's checks, and cited by the check: the
    // issue's PNG (its zlib data damaged) as the plate photo and the tire man's signature, one with
    // bad scanline filters as the driver's signature
    const stored = { plate: newUploadKey('png'), tm: newUploadKey('png'), dr: newUploadKey('png') };
    await t.app.storage.put(stored.plate, CORRUPT_PNG, 'image/png');
    await t.app.storage.put(stored.tm, CORRUPT_PNG, 'image/png');
    await t.app.storage.put(stored.dr, BAD_FILTER_PNG, 'image/png');
    await t.database.db.execute(sql`
      update tire_checks set plate_number_url = ${stored.plate}, tireman_sign = ${stored.tm},
             driver_sign = ${stored.dr} where id = ${id}`);
    const res = await get(`/tire-check/${id}/pdf`, tok.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text.match(/Gambar tidak dapat dibaca/g)).toHaveLength(3);
    expect(text).not.toContain('Foto tidak tersedia');
    // the odometer photo and the three other signatures are still printed
    expect(pdfImageCount(res.rawPayload)).toBe(4);
    // the process is still there and answers
    await new Promise((r) => setTimeout(r, 200));
    expect((await get('/health')).statusCode).toBe(200);
    expect((await get(`/tire-check/${id}/pdf`, tok.staff)).statusCode).toBe(200);
  });

  it('is for the office only: 403 for a tire man, 401 without a session', async () => {
    const id = await checkOf({ validate: false });
    const tm = await get(`/tire-check/${id}/pdf`, tok.tireman);
    expect(tm.statusCode).toBe(403);
    expect(tm.json().message).toBe('Anda tidak memiliki akses ke fitur ini');
    expect((await get(`/tire-check/${id}/pdf`)).statusCode).toBe(401);
  });

  it('names the condition codes from the defect catalogue (a renamed code prints its new name)', async () => {
    const id = await checkOf({ validate: false });
    await t.database.db.execute(sql`update defect_codes set name = 'Tapak robek' where code = 1`);
    try {
      const res = await get(`/tire-check/${id}/pdf`, tok.staff);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Tapak: 1 Tapak robek');
      expect(text).not.toContain('Crown Cut');
      // unnamed: 'Kode N'
      await t.database.db.execute(sql`update defect_codes set name = null where code = 1`);
      expect(await pdfText((await get(`/tire-check/${id}/pdf`, tok.staff)).rawPayload)).toContain(
        'Tapak: 1 Kode 1',
      );
    } finally {
      await t.database.db.execute(sql`update defect_codes set name = 'Crown Cut' where code = 1`);
    }
  });

  it("prints each tire's serial photo, captioned with its position and serial, and the sidewall defect by name", async () => {
    // the same check without tire photos: what the two photos add (the shared plate and
    // signature files may have been damaged by an earlier test)
    const plain = await get(`/tire-check/${await checkOf({ validate: true })}/pdf`, tok.staff);
    const plainText = await pdfText(plain.rawPayload);
    expect(plainText).not.toContain('Foto Ban');

    const tirePhotos = Object.values(await uploadPhotos(t, tok.tireman, ['t1', 't2'] as const));
    const id = await checkOf({ validate: true, tirePhotos });
    const res = await get(`/tire-check/${id}/pdf`, tok.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Foto Ban');
    expect(text).toContain(`Ban posisi 1: ${FX.installedSerial(1)}`);
    expect(text).toContain(`Ban posisi 2: ${FX.installedSerial(2)}`);
    expect(text).not.toContain('Ban posisi 3');
    expect(text).toContain('Tapak: 1 Crown Cut');
    const missing = (s: string) => s.match(/Foto tidak tersedia/g)?.length ?? 0;
    expect(missing(text)).toBe(missing(plainText));
    // both tire photos embedded
    expect(pdfImageCount(res.rawPayload)).toBe(pdfImageCount(plain.rawPayload) + 2);
  });

  it('answers 404 in the house error shape for an unknown check', async () => {
    const res = await get('/tire-check/999999/pdf', tok.staff);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Pengecekan tidak ditemukan' });
  });
});

describe('conditionText', () => {
  it('says Normal when every zone is, else names each zone that is not, with its code', () => {
    expect(conditionText('99,99,99,99,99')).toBe('Normal');
    expect(conditionText('1,99,23,0,99')).toBe(
      'Tapak: 1 Crown Cut; Dinding: 23 Sidewall Cut; Bead: tidak dicek',
    );
    // with the catalogue: its names, 'Kode N' for an unnamed code
    const catalogue = [
      { code: 1, name: null },
      { code: 23, name: 'Dinding sobek' },
    ];
    expect(conditionText('1,99,23,0,99', catalogue)).toBe(
      'Tapak: 1 Kode 1; Dinding: 23 Dinding sobek; Bead: tidak dicek',
    );
  });
});
