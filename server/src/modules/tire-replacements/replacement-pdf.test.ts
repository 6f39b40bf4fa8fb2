import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { BAD_FILTER_PNG, CORRUPT_PNG } from '../../../test/images';
import { TINY_PNG } from '../../../test/multipart';
import { pdfImageCount, pdfText } from '../../../test/pdf';
import { uploadPhotos } from '../../../test/uploads';
import { locations, projects, tires, units } from '../../db/schema';
import { longDateTime, UNNAMED_SIGNER } from '../../lib/pdf';
import { newUploadKey } from '../../lib/storage';

let t: TestApp;
const tok = { staff: '', tireman: '', workshop: '' };
const ids = { tronton: 0, location: 0, project: 0 };
const tireId: Record<string, number> = {};
const FIELD_PHOTOS = ['plate', 'odo', 'serial', 'tmsign', 'picsign', 'itmssign'] as const;
let photos: Record<(typeof FIELD_PHOTOS)[number], string>;
let signs: Record<'edp' | 'workshop', string>;

beforeAll(async () => {
  t = await createTestApp();
  tok.staff = await t.login(FX.staff.email);
  tok.tireman = await t.login(FX.tireman.email);
  tok.workshop = await t.login(FX.workshop.email);
  const db = t.database.db;
  ids.tronton = (await db.select().from(units).where(eq(units.plate_number, FX.tronton)))[0]!.id;
  ids.location = (await db.select().from(locations).where(eq(locations.name, FX.location)))[0]!.id;
  ids.project = (await db.select().from(projects).where(eq(projects.name, FX.project)))[0]!.id;
  for (const r of await db.select({ id: tires.id, serial: tires.serial_number }).from(tires)) {
    tireId[r.serial] = r.id;
  }
  photos = await uploadPhotos(t, tok.tireman, FIELD_PHOTOS);
  signs = {
    ...(await uploadPhotos(t, tok.staff, ['edp'])),
    ...(await uploadPhotos(t, tok.workshop, ['workshop'])),
  };
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { access_token: token } : {},
    ...(payload ? { payload } : {}),
  });

const measured = { groove_1: 12, groove_2: 11.5, groove_3: 12, groove_4: 12, pressure: 110 };

/**
 * A replacement on the tronton: a new tire at 1 (with its serial photo), the tire at 10 taken off,
 * the one at 2 checked. `onSite` adds the PIC's and ITMS's signatures.
 */
async function replacementOf(opts: { onSite: boolean; serial: string; positions: [string, string, string] }) {
  const [replaced, removed, checked] = opts.positions;
  const res = await api('POST', '/tire-replacement', tok.tireman, {
    unit_id: ids.tronton,
    location_id: ids.location,
    project_id: ids.project,
    odometer: 61500,
    spk: 'SPK-CETAK-7',
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.tmsign,
    ...(opts.onSite ? { pic_sign: photos.picsign, itms_sign: photos.itmssign } : {}),
    records: [
      {
        position: replaced,
        status: 'replace',
        serial_number: opts.serial,
        serial_number_img: photos.serial,
        ...measured,
        tube_status: 'NEW (IR)',
        flap_status: 'OEM',
        velg_status: 'EKS',
        information: 'Tapak aus rata',
      },
      {
        position: removed,
        status: 'remove',
        tire_id: tireId[FX.installedSerial(Number(removed))],
        information: 'Sobek samping',
      },
      {
        position: checked,
        status: 'check',
        tire_id: tireId[FX.installedSerial(Number(checked))],
        ...measured,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('GET /api/tire-replacement/:id/pdf (Cetak)', () => {
  it('prints a validated replacement: data, each position before and after, photos and five signatures', async () => {
    const id = await replacementOf({ onSite: true, serial: FX.stockSerial(1), positions: ['1', '10', '2'] });
    const v = await api('POST', `/tire-replacement/${id}/validate`, tok.staff, { edp_sign: signs.edp });
    expect(v.statusCode, v.body).toBe(200);
    const ws = await api('POST', '/workshop/sign', tok.workshop, {
      items: [{ kind: 'tire-replacement', id }],
      workshop_sign: signs.workshop,
    });
    expect(ws.statusCode, ws.body).toBe(200);
    const detail = (await api('GET', `/tire-replace/${id}`, tok.staff)).json();

    const res = await api('GET', `/tire-replacement/${id}/pdf`, tok.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pergantian-B9001TR-${detail.date}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'LAPORAN PERGANTIAN BAN',
      // the product's one name, as the app's title bar says it
      'Integrated Tire Management Solutions (ITMS)',
      `No. Pergantian: ${id}`,
      'Status: Tervalidasi',
      FX.tronton,
      'TRONTON',
      `${FX.location} (${FX.region})`,
      FX.project,
      'SPK-CETAK-7',
      `${detail.time} WIB`,
      '61.500 Km',
      // position 1: the old tire off, the new one on, with its reading and equipment
      'Ganti',
      FX.installedSerial(1),
      FX.stockSerial(1),
      '12/11,5/12/12',
      'RTD 12/12/11/12',
      'PSI 110',
      'Tube: NEW (IR)',
      'Flap: OEM',
      'Velg: EKS',
      'Tapak aus rata',
      // position 10 taken off, position 2 checked
      'Lepas',
      FX.installedSerial(10),
      'Sobek samping',
      'Cek',
      FX.installedSerial(2),
      'Foto Nomor Seri',
    ]) {
      expect(text).toContain(expected);
    }
    for (const name of [FX.tireman.name, FX.staff.name]) expect(text).toContain(name);
    for (const role of ['Tire Man', 'PIC', 'ITMS', 'EDP', 'Workshop']) expect(text).toContain(role);
    // each signer named with the time of the signature: the field's when the work was done, the
    // EDP's at validation, the workshop's when it signed (issue 42, item 2)
    const at = (iso: string) => longDateTime(new Date(iso), t.config.timezone);
    expect(detail.workshop_signed.by.name).toBe(FX.workshop.name);
    expect(text).toContain(
      [
        ['Tire Man', FX.tireman.name, at(detail.performed_at)],
        ['PIC', UNNAMED_SIGNER, at(detail.performed_at)],
        ['ITMS', UNNAMED_SIGNER, at(detail.performed_at)],
        ['EDP', FX.staff.name, at(detail.validated_at)],
        ['Workshop', FX.workshop.name, at(detail.workshop_signed.at)],
      ]
        .flat()
        .join('\n'),
    );
    expect(text).not.toContain('Belum ditandatangani');
    expect(text).not.toContain('Intelligent Tire Management System');
    // the removed tire's serial photo was never taken
    expect(text.match(/Foto tidak tersedia/g)).toHaveLength(1);
    // plate, odometer, the new tire's serial photo and five signatures
    expect(pdfImageCount(res.rawPayload)).toBe(8);
  });

  it('prints a returned replacement with the reason, and the missing signatures and photos as such', async () => {
    const id = await replacementOf({ onSite: false, serial: FX.stockSerial(2), positions: ['3', '4', '5'] });
    const back = await api('PUT', `/tire-replacement/${id}`, tok.staff, {
      pic_sign: '-',
      itms_sign: '-',
      reason: 'Foto odometer buram',
    });
    expect(back.statusCode, back.body).toBe(200);
    // the odometer photo's file is lost from the storage
    fs.rmSync(path.join(t.config.storage.localDir, photos.odo));

    const res = await api('GET', `/tire-replacement/${id}/pdf`, tok.staff);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Status: Dikembalikan ke tire man');
    expect(text).toContain('Foto odometer buram');
    // PIC, ITMS, EDP and workshop have not signed; only the tire man has
    expect(text.match(/Belum ditandatangani/g)).toHaveLength(4);
    // the odometer photo and the removed tire's serial photo
    expect(text.match(/Foto tidak tersedia/g)).toHaveLength(2);
    expect(pdfImageCount(res.rawPayload)).toBe(3);
  });

  it('prints a damaged photo or signature already in the storage as unreadable, and the server lives on', async () => {
    const id = await replacementOf({ onSite: true, serial: FX.stockSerial(4), positions: ['3', '4', '5'] });
    // written straight to the storage, past the upload's checks, and cited by the replacement
    const stored = {
      plate: newUploadKey('png'),
      odo: newUploadKey('png'),
      tm: newUploadKey('png'),
      pic: newUploadKey('png'),
    };
    await t.app.storage.put(stored.plate, CORRUPT_PNG, 'image/png');
    await t.app.storage.put(stored.odo, TINY_PNG, 'image/png');
    await t.app.storage.put(stored.tm, CORRUPT_PNG, 'image/png');
    await t.app.storage.put(stored.pic, BAD_FILTER_PNG, 'image/png');
    await t.database.db.execute(sql`
      update tire_replacements set plate_number_url = ${stored.plate}, odometer_url = ${stored.odo},
             tireman_sign = ${stored.tm}, pic_sign = ${stored.pic} where id = ${id}`);
    const res = await api('GET', `/tire-replacement/${id}/pdf`, tok.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text.match(/Gambar tidak dapat dibaca/g)).toHaveLength(3);
    // the odometer photo, the new tire's serial photo and the ITMS signature are still printed
    expect(pdfImageCount(res.rawPayload)).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    expect((await api('GET', '/health')).statusCode).toBe(200);
  });

  it('is for the office only: 403 for a tire man, 401 without a session', async () => {
    const id = await replacementOf({ onSite: false, serial: FX.stockSerial(3), positions: ['6', '7', '8'] });
    const tm = await api('GET', `/tire-replacement/${id}/pdf`, tok.tireman);
    expect(tm.statusCode).toBe(403);
    expect(tm.json().message).toBe('Anda tidak memiliki akses ke fitur ini');
    expect((await api('GET', `/tire-replacement/${id}/pdf`)).statusCode).toBe(401);
  });

  it('answers 404 in the house error shape for an unknown replacement', async () => {
    const res = await api('GET', '/tire-replacement/999999/pdf', tok.staff);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Pergantian tidak ditemukan' });
  });
});
