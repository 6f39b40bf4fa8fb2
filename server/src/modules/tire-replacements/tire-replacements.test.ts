import { API } from '@itms/contracts/api';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import {
  activeUnitTires,
  auditLog,
  locations,
  tireChecks,
  tireEvents,
  tireReplacements,
  tireReplaceRecords,
  tires,
  units,
  users,
} from '../../db/schema';
import { mountTire } from '../fleet/mounting';

let t: TestApp;
let tm: string; // tire man
let edp: string; // staff (EDP)
const ids = { tronton: 0, engkel: 0, location: 0, staff: 0, tireman: 0 };
const tireId: Record<string, number> = {};
/** The tire man's uploads (a replacement may cite only his own). */
let photos: Record<'plate' | 'odo' | 'sign', string>;
let signs: Record<'edp' | 'workshop', string>;

beforeAll(async () => {
  t = await createTestApp();
  [tm, edp] = await Promise.all([t.login(FX.tireman.email), t.login(FX.staff.email)]);
  const db = t.database.db;
  for (const u of await db.select().from(units)) {
    if (u.plate_number === FX.tronton) ids.tronton = u.id;
    if (u.plate_number === FX.engkel) ids.engkel = u.id;
  }
  ids.location = (await db.select().from(locations))[0]!.id;
  for (const u of await db.select().from(users)) {
    if (u.email === FX.staff.email) ids.staff = u.id;
    if (u.email === FX.tireman.email) ids.tireman = u.id;
  }
  for (const tire of await db.select({ id: tires.id, serial: tires.serial_number }).from(tires)) {
    tireId[tire.serial] = tire.id;
  }
  photos = await uploadPhotos(t, tm, ['plate', 'odo', 'sign']);
  // the validator's own drawings: his signature, and one he might try as the workshop's
  signs = await uploadPhotos(t, edp, ['edp', 'workshop']);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });

const measured = (g: number, psi = 100) => ({
  groove_1: g,
  groove_2: g,
  groove_3: g + 1,
  groove_4: g,
  pressure: psi,
});

const submission = (unit_id: number, records: object[], extra: object = {}) => ({
  unit_id,
  location_id: ids.location,
  odometer: 61000,
  spk: 'SPK-001',
  plate_number_url: photos.plate,
  odometer_url: photos.odo,
  tireman_sign: photos.sign,
  records,
  ...extra,
});

async function submit(unit_id: number, records: object[], extra: object = {}): Promise<number> {
  const res = await api(tm, 'POST', '/tire-replacement', submission(unit_id, records, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const tire = async (serial: string) => {
  const [row] = await t.database.db.select().from(tires).where(eq(tires.id, tireId[serial]!));
  return row!;
};
const slot = async (unitId: number, position: string) => {
  const [row] = await t.database.db
    .select({ status: activeUnitTires.status, serial: tires.serial_number, km: activeUnitTires.km_installed })
    .from(activeUnitTires)
    .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
    .where(and(eq(activeUnitTires.unit_id, unitId), eq(activeUnitTires.position, position)));
  return row;
};
const ledgerOf = (replacementId: number) =>
  t.database.db
    .select({
      kind: tireEvents.kind,
      serial: tires.serial_number,
      position: tireEvents.position,
      to: tireEvents.to_status,
      user: tireEvents.user_id,
    })
    .from(tireEvents)
    .innerJoin(tires, eq(tires.id, tireEvents.tire_id))
    .where(and(eq(tireEvents.source_type, 'tire-replacement'), eq(tireEvents.source_id, replacementId)))
    .orderBy(asc(tireEvents.id));
const replacement = async (id: number) =>
  (await t.database.db.select().from(tireReplacements).where(eq(tireReplacements.id, id)))[0];
const counts = async () => {
  const db = t.database.db;
  const [[r], [rec]] = await Promise.all([
    db.select({ n: count() }).from(tireReplacements),
    db.select({ n: count() }).from(tireReplaceRecords),
  ]);
  return { replacements: r!.n, records: rec!.n };
};

describe('field submission and the transactional validation', () => {
  let id = 0;

  it('stores a tire man submission as pending, unsigned except by the tire man, and notifies the office', async () => {
    const notify = vi.spyOn(t.app.realtime, 'toOffice');
    const res = await api(
      tm,
      'POST',
      '/tire-replacement',
      submission(ids.tronton, [
        // new tire at 1, found by serial in another case, with tube/flap/rim data in lower case
        {
          position: '1',
          status: 'replace',
          serial_number: 's-0001',
          ...measured(15, 105),
          tube_brand: 'gt',
          tube_status: 'new (ir)',
          flap_status: 'oem',
          velg_brand: 'maxion',
          velg_holes: '10',
          velg_status: 'eks',
        },
        { position: '10', status: 'remove', tire_id: tireId['T-0010'] },
        { position: '2', status: 'check', tire_id: tireId['T-0002'], ...measured(9, 95) },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    expect(id).toBeGreaterThan(0);
    expect(notify).toHaveBeenCalledWith('new-notification', { kind: 'tire-replacement', id });
    notify.mockRestore();

    const rep = await replacement(id);
    expect(rep).toMatchObject({
      status: 'pending',
      tireman_id: ids.tireman,
      tireman_sign: photos.sign,
      pic_sign: '-',
      itms_sign: '-',
      edp_sign: '-',
      workshop_sign: '-',
      odometer: 61000,
    });
    const recs = await t.database.db
      .select()
      .from(tireReplaceRecords)
      .where(eq(tireReplaceRecords.tire_replacement_id, id));
    const at1 = recs.find((r) => r.position === '1')!;
    expect(at1).toMatchObject({
      serial_number: 'S-0001',
      tire_id: tireId['S-0001'],
      ir_brand: 'BRIDGESTONE',
      tube_brand: 'GT',
      tube_status: 'NEW (IR)',
      velg_holes: 10,
      groove_lowest: 15,
      pressure: 105,
    });
    // nothing moves before the office validates
    expect((await tire('S-0001')).status).toBe('UNINSTALLED');
    expect((await slot(ids.tronton, '1'))!.serial).toBe('T-0001');
  });

  it('lists it in the EDP queue with local date and time, and answers the full form', async () => {
    // a check of the unit two days ago: the header shows it as the last check
    const [{ id: tmId }] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, FX.tireman.email));
    const lastCheck = new Date(Date.now() - 2 * 86400_000);
    await t.database.db.insert(tireChecks).values({
      unit_id: ids.tronton,
      plate_number: FX.tronton,
      tireman_id: tmId!,
      location_id: ids.location,
      odometer: 60000,
      performed_at: lastCheck,
      created_at: lastCheck,
    });

    const list = await api(edp, 'GET', '/tire-replace/pending?status=edp');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ page: 1, pageSize: 15, total: 1 });
    const rep = await replacement(id);
    const jakarta = new Date(rep!.created_at.getTime() + 7 * 3600_000).toISOString();
    expect(body.data[0]).toEqual({
      id,
      createdAt: rep!.created_at.toISOString(),
      performed_at: rep!.performed_at.toISOString(),
      late_days: null,
      date: jakarta.slice(0, 10),
      time: jakarta.slice(11, 16),
      status: 'pending',
      returned_at: null,
      Unit: { id: ids.tronton, plate_number: FX.tronton },
      Location: { name: FX.location },
      Tire_Man: { name: FX.tireman.name },
    });

    const res = await api(edp, 'GET', `/tire-replace/${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id,
      odometer: 61000,
      spk: 'SPK-001',
      status: 'pending',
      diagram: 'tronton',
      plate_number_url: photos.plate,
      Unit: { plate_number: FX.tronton, unit_type: 'TRONTON', tonnage: 20, Project: { name: FX.project } },
      Project: { name: FX.project },
      Location: { name: FX.location, Region: { name: FX.region, pic: 'Pak Harun' } },
      Tire_Man: { name: FX.tireman.name, phone: '081100000004' },
      lastCheckAt: lastCheck.toISOString(),
    });
    const byPos = Object.fromEntries(
      d.Tire_Replace_Records.map((r: { position: string }) => [r.position, r]),
    );
    expect(byPos['1']).toMatchObject({
      status: 'replace',
      serial_number: 'S-0001',
      Tire_ITM: { serial_number: 'S-0001', status: 'UNINSTALLED' },
      Before: { serial_number: 'T-0001', ir_brand: 'BRIDGESTONE', km_installed: 40000 },
    });
    expect(byPos['10']).toMatchObject({ status: 'remove', Before: { serial_number: 'T-0010' } });
    expect(byPos['2']).toMatchObject({ status: 'check', groove_1: 9, Before: { serial_number: 'T-0002' } });

    const one = await api(edp, 'GET', `/tire-replace-record/${byPos['1'].id}`);
    expect(one.json()).toMatchObject({
      id: byPos['1'].id,
      status: 'replace',
      Tire_ITM: { serial_number: 'S-0001' },
      Tire_Replacement: { id, unit_id: ids.tronton, status: 'pending' },
    });
  });

  it('asks for a signature when neither the body nor the account has one', async () => {
    const res = await api(edp, 'POST', `/tire-replacement/${id}/validate`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('harap tanda tangan terlebih dahulu');
    expect((await replacement(id))!.status).toBe('pending');
  });

  it("refuses an EDP signature the validator did not upload (someone else's file or none)", async () => {
    const message = 'Tanda tangan tidak ditemukan, unggah ulang';
    for (const foreign of [photos.sign, '2026/01/nobodyuploaded0.png']) {
      const edpSign = await api(edp, 'POST', `/tire-replacement/${id}/validate`, { edp_sign: foreign });
      expect(edpSign.statusCode, foreign).toBe(400);
      expect(edpSign.json().fields).toEqual([{ field: 'edp_sign', message }]);
    }
    expect(await replacement(id)).toMatchObject({ status: 'pending', edp_sign: '-', workshop_sign: '-' });
  });

  it('refuses a workshop signature in the validation, by either operation: the workshop signs in its own screen (issue 35)', async () => {
    const message =
      'Tanda tangan workshop hanya diberikan di Tanda Tangan Workshop, oleh penanda tangan workshop';
    const attempts = [
      api(edp, 'PUT', `/tire-replacement/${id}`, {
        edp_sign: signs.edp,
        status: 'approved',
        workshop_sign: signs.workshop,
      }),
      api(edp, 'POST', `/tire-replacement/${id}/validate`, {
        edp_sign: signs.edp,
        workshop_sign: signs.workshop,
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        fields: [{ field: 'workshop_sign', message }],
      });
    }
    // nothing changed: still pending, unsigned, and no tire moved
    expect(await replacement(id)).toMatchObject({ status: 'pending', edp_sign: '-', workshop_sign: '-' });
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('applies every record in one validation: remove, replace, check, active tires, ledger, audit', async () => {
    const res = await api(edp, 'POST', `/tire-replacement/${id}/validate`, { edp_sign: signs.edp });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Pergantian ban sukses' });

    // replace: the new tire is on position 1 with the measured values and tube/flap/rim data
    expect(await tire('S-0001')).toMatchObject({
      status: 'INSTALLED',
      position: '1',
      groove_1: 15,
      groove_3: 16,
      groove_lowest: 15,
      pressure: 105,
      odometer: 61000,
      tube_brand: 'GT',
      tube_status: 'NEW (IR)',
      flap_status: 'OEM',
      velg_brand: 'MAXION',
      velg_holes: 10,
      velg_status: 'EKS',
    });
    expect(await slot(ids.tronton, '1')).toEqual({ status: 'INSTALLED', serial: 'S-0001', km: 61000 });
    expect(await tire('T-0001')).toMatchObject({ status: 'UNINSTALLED', position: '' });
    // remove: the position is empty and the tire in stock
    expect(await tire('T-0010')).toMatchObject({ status: 'UNINSTALLED', position: '' });
    expect((await slot(ids.tronton, '10'))!.status).toBe('UNINSTALLED');
    // check: same tire, new measurements
    expect(await tire('T-0002')).toMatchObject({
      status: 'INSTALLED',
      position: '2',
      groove_1: 9,
      pressure: 95,
    });
    expect(await slot(ids.tronton, '2')).toMatchObject({ status: 'INSTALLED', serial: 'T-0002', km: 40000 });

    expect(await ledgerOf(id)).toEqual([
      { kind: 'removed', serial: 'T-0010', position: '10', to: 'UNINSTALLED', user: ids.staff },
      { kind: 'removed', serial: 'T-0001', position: '1', to: 'UNINSTALLED', user: ids.staff },
      { kind: 'installed', serial: 'S-0001', position: '1', to: 'INSTALLED', user: ids.staff },
      { kind: 'checked', serial: 'T-0002', position: '2', to: 'INSTALLED', user: ids.staff },
    ]);
    const rep = await replacement(id);
    expect(rep).toMatchObject({
      status: 'approved',
      edp_sign: signs.edp,
      // validated, it waits in the workshop's queue
      workshop_sign: '-',
      validated_by: ids.staff,
    });
    expect(rep!.validated_at).toBeInstanceOf(Date);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tire-replacement'), eq(auditLog.entity_id, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['create', 'validate']);
    // the unit's wheels before and after: position 1 swapped, position 10 emptied, position 2 kept
    const wheels = audits[1]!.detail as Record<'before' | 'after', { wheels: Record<string, number> }>;
    const serialAt = (w: Record<string, number>, p: string) =>
      Object.entries(tireId).find(([, tid]) => tid === w[p])?.[0] ?? null;
    expect(serialAt(wheels.before.wheels, '1')).toBe('T-0001');
    expect(serialAt(wheels.after.wheels, '1')).toBe('S-0001');
    expect(serialAt(wheels.before.wheels, '10')).toBe('T-0010');
    expect(serialAt(wheels.after.wheels, '10')).toBeNull();
    expect(serialAt(wheels.after.wheels, '2')).toBe('T-0002');

    // the approved form still shows what was taken off (Before) and what went on (After)
    const d = (await api(edp, 'GET', `/tire-replace/${id}`)).json();
    const byPos = Object.fromEntries(
      d.Tire_Replace_Records.map((r: { position: string }) => [r.position, r]),
    );
    expect(byPos['1']).toMatchObject({
      Before: { serial_number: 'T-0001', status: 'UNINSTALLED' },
      Tire_ITM: { serial_number: 'S-0001', status: 'INSTALLED', position: '1' },
    });
    expect(byPos['10'].Before.serial_number).toBe('T-0010');
    expect(d).toMatchObject({ status: 'approved', Validator: { name: FX.staff.name } });

    // validated once: a second validation, a Return or a swap are refused
    const again = await api(edp, 'POST', `/tire-replacement/${id}/validate`, { edp_sign: 'x.png' });
    expect(again.statusCode).toBe(409);
    const back = await api(edp, 'PUT', `/tire-replacement/${id}`, {
      pic_sign: '-',
      itms_sign: '-',
      reason: 'Foto buram',
    });
    expect(back.statusCode).toBe(409);
    const swap = await api(edp, 'PUT', `/tire-replace-record/${byPos['1'].id}`, {
      tire_id: tireId['S-0009'],
    });
    expect(swap.statusCode).toBe(409);
    expect((await api(edp, 'GET', '/tire-replace/pending')).json().total).toBe(0);
  });

  it('takes tires off a unit and puts them on in one go (rotation) through PUT with status approved', async () => {
    // T-0013 moves from engkel position 3 to 2; S-0005 goes on at 3; T-0012 (at 2) goes to stock
    const rid = await submit(ids.engkel, [
      { position: '2', status: 'replace', tire_id: tireId['T-0013'], ...measured(10) },
      { position: '3', status: 'replace', tire_id: tireId['S-0005'], ...measured(16) },
    ]);
    const res = await api(edp, 'PUT', `/tire-replacement/${rid}`, {
      edp_sign: signs.edp,
      status: 'approved',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Pergantian ban sukses');
    expect(await slot(ids.engkel, '2')).toMatchObject({ status: 'INSTALLED', serial: 'T-0013' });
    expect(await slot(ids.engkel, '3')).toMatchObject({ status: 'INSTALLED', serial: 'S-0005' });
    expect(await tire('T-0012')).toMatchObject({ status: 'UNINSTALLED', position: '' });
    expect(await tire('T-0013')).toMatchObject({ status: 'INSTALLED', position: '2' });
    expect((await ledgerOf(rid)).map((e) => `${e.kind} ${e.serial}@${e.position}`)).toEqual([
      'removed T-0012@2',
      'removed T-0013@3',
      'installed T-0013@2',
      'installed S-0005@3',
    ]);
  });
});

describe('all or nothing', () => {
  it('leaves everything as it was when a later record fails after earlier ones were applied', async () => {
    const rid = await submit(ids.tronton, [
      { position: '9', status: 'remove', tire_id: tireId['T-0009'] },
      { position: '3', status: 'replace', tire_id: tireId['S-0002'], ...measured(14) },
      { position: '4', status: 'replace', tire_id: tireId['S-0003'], ...measured(14) },
    ]);
    // between submit and validate, S-0003 is mounted on the engkel by another workflow
    await t.database.db.transaction((tx) =>
      mountTire(tx, {
        unitId: ids.engkel,
        position: 'ST',
        tireId: tireId['S-0003']!,
        odometer: 1,
        source: { userId: null, sourceType: 'manual', sourceId: null },
      }),
    );
    const res = await api(edp, 'POST', `/tire-replacement/${rid}/validate`, { edp_sign: signs.edp });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('S-0003 masih terpasang di unit lain');

    // the remove at 9, the take-off at 3 and the mount of S-0002 were all rolled back
    expect(await slot(ids.tronton, '9')).toMatchObject({ status: 'INSTALLED', serial: 'T-0009' });
    expect(await tire('T-0009')).toMatchObject({ status: 'INSTALLED', position: '9' });
    expect(await slot(ids.tronton, '3')).toMatchObject({ status: 'INSTALLED', serial: 'T-0003' });
    expect(await tire('S-0002')).toMatchObject({ status: 'UNINSTALLED', position: '', groove_1: 12 });
    expect(await ledgerOf(rid)).toEqual([]);
    expect(await replacement(rid)).toMatchObject({ status: 'pending', edp_sign: '-', validated_by: null });
  });
});

describe('concurrent validation', () => {
  it('lets exactly one of two simultaneous validations through; the other gets 409', async () => {
    const rid = await submit(ids.engkel, [
      { position: '1', status: 'replace', tire_id: tireId['S-0004'], ...measured(17) },
    ]);
    // the EDP signs with the signature stored on the account
    await t.database.db.update(users).set({ signature: '2026/01/stored.png' }).where(eq(users.id, ids.staff));
    const [a, b] = await Promise.all([
      api(edp, 'POST', `/tire-replacement/${rid}/validate`, {}),
      api(edp, 'POST', `/tire-replacement/${rid}/validate`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await replacement(rid))!.edp_sign).toBe('2026/01/stored.png');
    expect((await ledgerOf(rid)).map((e) => `${e.kind} ${e.serial}`)).toEqual([
      'removed T-0011',
      'installed S-0004',
    ]);
    await t.database.db.update(users).set({ signature: '-' }).where(eq(users.id, ids.staff));
  });
});

describe('bad submissions', () => {
  const refused = async (body: object, field: string, message: string | RegExp) => {
    const before = await counts();
    const res = await api(tm, 'POST', '/tire-replacement', body);
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().fields as { field: string; message: string }[];
    const hit = fields.find((f) => f.field === field);
    expect(hit, `${field} in ${JSON.stringify(fields)}`).toBeTruthy();
    if (typeof message === 'string') expect(hit!.message).toBe(message);
    else expect(hit!.message).toMatch(message);
    expect(await counts()).toEqual(before);
  };
  const rec = (o: object) => ({
    position: '5',
    status: 'check',
    tire_id: tireId['T-0005'],
    ...measured(10),
    ...o,
  });

  it('refuses out-of-range measurements', async () => {
    await refused(
      submission(ids.tronton, [rec({ groove_1: 30 })]),
      'records.0.groove_1',
      'RTD harus angka 0 sampai 24',
    );
    await refused(
      submission(ids.tronton, [rec({ pressure: 250 })]),
      'records.0.pressure',
      'PSI harus angka 0 sampai 200',
    );
    await refused(
      submission(ids.tronton, [rec({ groove_2: -1 })]),
      'records.0.groove_2',
      'RTD harus angka 0 sampai 24',
    );
    await refused(
      submission(ids.tronton, [rec({ pressure: undefined })]),
      'records.0.pressure',
      'PSI wajib diisi',
    );
    await refused(
      submission(ids.tronton, [rec({})], { odometer: -5 }),
      'odometer',
      'Odometer tidak boleh negatif',
    );
  });

  it('refuses unknown tires, serials and positions, and duplicate positions', async () => {
    await refused(
      submission(ids.tronton, [rec({ tire_id: undefined, serial_number: 'TIDAK-ADA' })]),
      'records.0.serial_number',
      'Ban dengan nomor seri TIDAK-ADA tidak ditemukan',
    );
    await refused(
      submission(ids.tronton, [rec({ tire_id: 999999 })]),
      'records.0.tire_id',
      'Ban tidak ditemukan',
    );
    await refused(
      submission(ids.tronton, [rec({ position: 'X9' })]),
      'records.0.position',
      'Posisi tidak dikenal',
    );
    await refused(
      submission(ids.engkel, [
        { position: '11', status: 'replace', tire_id: tireId['S-0006'], ...measured(10) },
      ]),
      'records.0.position',
      'Posisi 11 tidak ada pada unit ENGKEL',
    );
    await refused(
      submission(ids.tronton, [rec({}), rec({ tire_id: tireId['T-0006'] })]),
      'records.1.position',
      'Posisi 5 sudah diisi pada baris 1',
    );
    await refused(
      submission(ids.tronton, [rec({ status: 'ganti' })]),
      'records.0.status',
      /replace, remove atau check/,
    );
    await refused(submission(ids.tronton, []), 'records', 'Minimal satu posisi ban');
  });

  it('refuses a new tire that is still mounted on another unit, and a unit that does not exist', async () => {
    await refused(
      submission(ids.tronton, [
        { position: '6', status: 'replace', tire_id: tireId['T-0014'], ...measured(10) },
      ]),
      'records.0.serial_number',
      'Ban T-0014 masih terpasang di unit lain',
    );
    await refused(
      submission(ids.tronton, [
        { position: '6', status: 'replace', serial_number: 'T-0007', ...measured(10) },
      ]),
      'records.0.serial_number',
      'Ban T-0007 masih terpasang di posisi 7 unit ini',
    );
    await refused(submission(987654, [rec({})]), 'unit_id', 'Unit tidak ditemukan');
    await refused(
      submission(ids.tronton, [rec({})], { tireman_sign: '-' }),
      'tireman_sign',
      'Tanda tangan tire man wajib diisi',
    );
  });

  it('accepts the form-urlencoded body of field clients, with the records as JSON', async () => {
    const body = submission(ids.tronton, [rec({})]) as Record<string, unknown>;
    const form = new URLSearchParams(
      Object.entries({ ...body, records: JSON.stringify(body.records) }).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-replacement',
      headers: { access_token: tm, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(201);
    await api(edp, 'DELETE', `/tire-replacement/${res.json().id}`);
  });
});

describe('office corrections: swap a record tire, edit fields, Return, history, delete', () => {
  let rid = 0;
  let recordId = 0;

  it('swaps the tire of a pending record for another found by serial search', async () => {
    rid = await submit(ids.tronton, [
      { position: '5', status: 'replace', tire_id: tireId['S-0006'], ...measured(13) },
    ]);
    recordId = (
      await t.database.db
        .select({ id: tireReplaceRecords.id })
        .from(tireReplaceRecords)
        .where(eq(tireReplaceRecords.tire_replacement_id, rid))
    )[0]!.id;

    const found = (await api(edp, 'GET', '/tire/findSnLite/s-000')).json();
    const s7 = found.find((r: { serial_number: string }) => r.serial_number === 'S-0007');
    expect(s7).toMatchObject({ id: tireId['S-0007'], ir_brand: 'BRIDGESTONE' });

    const res = await api(edp, 'PUT', `/tire-replace-record/${recordId}`, {
      tire_id: s7.id,
      serial_number: 'S-0007',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Rekam pergantian sukses diperbarui',
      changed: true,
      data: {
        id: recordId,
        tire_id: s7.id,
        serial_number: 'S-0007',
        groove_1: 13,
        Tire_ITM: { serial_number: 'S-0007' },
      },
    });
    const same = await api(edp, 'PUT', `/tire-replace-record/${recordId}`, { tire_id: s7.id });
    expect(same.json().message).toBe('Rekam pergantian tidak dirubah');

    const mountedElsewhere = await api(edp, 'PUT', `/tire-replace-record/${recordId}`, {
      tire_id: tireId['T-0015'],
    });
    expect(mountedElsewhere.statusCode).toBe(400);
    expect(mountedElsewhere.json().fields).toEqual([
      { field: 'tire_id', message: 'Ban T-0015 masih terpasang di unit lain' },
    ]);
    const unknown = await api(edp, 'PUT', `/tire-replace-record/${recordId}`, { tire_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await t.database.db.select().from(tireReplaceRecords).where(eq(tireReplaceRecords.id, recordId)))[0]!
        .tire_id,
    ).toBe(s7.id);
  });

  it('corrects the stored tire fields of a record, upper-casing as the spec says', async () => {
    const res = await api(edp, 'PUT', `/tire-replace-record/${recordId}`, {
      tube_brand: 'swallow',
      flap_status: 'tanpa flap',
      groove_1: 11,
      groove_2: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      tube_brand: 'SWALLOW',
      flap_status: 'TANPA FLAP',
      groove_1: 11,
      groove_2: 8,
      groove_lowest: 8,
    });
    const bad = await api(edp, 'PUT', `/tire-replace-record/${recordId}`, { velg_status: 'bekas' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toEqual({ field: 'velg_status', message: 'Status velg tidak dikenal' });

    const hist = await api(edp, 'PUT', `/history?p_id=${rid}&c_id=${recordId}`, {
      information: 'Koreksi EDP',
    });
    expect(hist.statusCode, hist.body).toBe(200);
    expect(hist.json().data.information).toBe('Koreksi EDP');
    const wrongParent = await api(edp, 'PUT', `/history?p_id=${rid + 1000}&c_id=${recordId}`, {
      information: 'x',
    });
    expect(wrongParent.statusCode).toBe(404);
  });

  it('returns a replacement to the tire man: off the EDP queue, on the returned list, not validatable', async () => {
    const res = await api(edp, 'PUT', `/tire-replacement/${rid}`, {
      pic_sign: '-',
      itms_sign: '-',
      reason: 'SPK tidak sesuai',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Returned! Pergantian telah dikembalikan.' });
    const rep = await replacement(rid);
    expect(rep!.returned_at).toBeInstanceOf(Date);
    expect(rep).toMatchObject({ pic_sign: '-', itms_sign: '-', status: 'pending' });
    const queue = (await api(edp, 'GET', '/tire-replace/pending?status=edp')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).not.toContain(rid);
    const returned = (await api(edp, 'GET', '/tire-replace/pending?status=tireman')).json();
    expect(returned.data.map((r: { id: number }) => r.id)).toContain(rid);
    const v = await api(edp, 'POST', `/tire-replacement/${rid}/validate`, { edp_sign: 'e.png' });
    expect(v.statusCode).toBe(409);
    expect(v.json()).toMatchObject({
      code: 'REPLACEMENT_ALREADY_RETURNED',
      message: 'Pergantian ini sudah dikembalikan ke tire man',
    });
  });

  it('lists the history newest first with status, paged and filtered', async () => {
    const all = (await api(edp, 'GET', '/tire-replacement?pageSize=50')).json();
    expect(all.pageSize).toBe(50);
    expect(all.total).toBeGreaterThanOrEqual(5);
    // newest done first (performed_at; the receipt time orders only the EDP queues)
    const times = all.data.map((r: { performed_at: string }) => r.performed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.data[0]).toMatchObject({ id: rid, status: 'pending', Unit: { plate_number: FX.tronton } });
    expect(new Set(all.data.map((r: { status: string }) => r.status))).toEqual(
      new Set(['pending', 'approved']),
    );

    const approved = (await api(edp, 'GET', '/tire-replacement?status=approved')).json();
    expect(approved.data.every((r: { status: string }) => r.status === 'approved')).toBe(true);
    expect(approved.total).toBe(3);
    const page2 = (await api(edp, 'GET', '/tire-replacement?pageSize=2&page=2')).json();
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual(
      all.data.slice(2, 4).map((r: { id: number }) => r.id),
    );
    const today = all.data[0].date;
    const byDate = (await api(edp, 'GET', `/tire-replacement?dateStart=${today}&dateEnd=${today}`)).json();
    expect(byDate.total).toBe(all.total);
    const before = (
      await api(edp, 'GET', '/tire-replacement?dateStart=2020-01-01&dateEnd=2020-01-31')
    ).json();
    expect(before.total).toBe(0);
    const search = (await api(edp, 'GET', `/tire-replacement?q=${encodeURIComponent('9002')}`)).json();
    expect(
      search.data.every((r: { Unit: { plate_number: string } }) => r.Unit.plate_number === FX.engkel),
    ).toBe(true);
    expect((await api(edp, 'GET', '/tire-replacement?pageSize=101')).statusCode).toBe(400);
  });

  it('answers list and detail replies that parse against their declared schemas', async () => {
    const get = async (url: string) => {
      const res = await api(edp, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const returned = await get('/tire-replace/pending?status=tireman&pageSize=100');
    expect(returned.data.length).toBeGreaterThan(0);
    API.listReplacementQueue.reply.parse(returned);
    API.listReplacementQueue.reply.parse(await get('/tire-replace/pending?status=edp&pageSize=100'));
    const history = await get('/tire-replacement?pageSize=100');
    expect(history.data.length).toBeGreaterThan(0);
    API.listReplacements.reply.parse(history);
    const returns = await get('/tire-replacement/returns?pageSize=100');
    expect(returns.data.length).toBeGreaterThan(0);
    API.listReplacementReturns.reply.parse(returns);
    API.getReplacement.reply.parse(await get(`/tire-replace/${rid}`));
    API.getReplaceRecord.reply.parse(await get(`/tire-replace-record/${recordId}`));
  });

  it('deletes a replacement with its records', async () => {
    const res = await api(edp, 'DELETE', `/tire-replacement/${rid}`);
    expect(res.statusCode).toBe(200);
    expect((await api(edp, 'GET', `/tire-replace/${rid}`)).statusCode).toBe(404);
    expect((await api(edp, 'GET', `/tire-replace-record/${recordId}`)).statusCode).toBe(404);
    expect((await api(edp, 'DELETE', `/tire-replacement/${rid}`)).statusCode).toBe(404);
  });
});

describe('tire serial search (findSnLite)', () => {
  beforeAll(async () => {
    await t.database.db.insert(tires).values([
      ...Array.from({ length: 25 }, (_, i) => ({
        serial_number: `LIM-${String(i).padStart(2, '0')}`,
        ir_brand: 'GT',
        size: '11.00-20',
        ...(i === 0
          ? { groove_1: 6.5, groove_2: 7, groove_3: 7, groove_4: 6.5, groove_lowest: 6.5, pressure: 95 }
          : {}),
      })),
      { serial_number: 'A_B-1', ir_brand: 'X' },
      { serial_number: 'AXB-1', ir_brand: 'X' },
      { serial_number: '50%-OFF', ir_brand: 'X' },
    ]);
  });

  it('finds by case-insensitive prefix, at most 20 rows, with id, serial, IR brand, size and last reading', async () => {
    const res = await api(edp, 'GET', '/tire/findSnLite/lim-');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      serial_number: 'LIM-00',
      ir_brand: 'GT',
      status: 'UNINSTALLED',
      // the field app warns when the tire is put on reading higher than this
      size: '11.00-20',
      groove_1: 6.5,
      groove_2: 7,
      groove_3: 7,
      groove_4: 6.5,
      groove_lowest: 6.5,
      pressure: 95,
    });
    expect(
      (await api(edp, 'GET', '/tire/findSnLite/LIM-2'))
        .json()
        .map((r: { serial_number: string }) => r.serial_number),
    ).toEqual(['LIM-20', 'LIM-21', 'LIM-22', 'LIM-23', 'LIM-24']);
    // a prefix, not a substring
    expect((await api(edp, 'GET', '/tire/findSnLite/IM-')).json()).toEqual([]);
    // the tire man's app searches too
    expect((await api(tm, 'GET', '/tire/findSnLite/s-0001')).json()).toHaveLength(1);
  });

  it('treats % and _ as plain characters', async () => {
    const underscore = (await api(edp, 'GET', '/tire/findSnLite/a_b')).json();
    expect(underscore.map((r: { serial_number: string }) => r.serial_number)).toEqual(['A_B-1']);
    const percent = (await api(edp, 'GET', `/tire/findSnLite/${encodeURIComponent('%')}`)).json();
    expect(percent).toEqual([]);
    const fifty = (await api(edp, 'GET', `/tire/findSnLite/${encodeURIComponent('50%')}`)).json();
    expect(fifty.map((r: { serial_number: string }) => r.serial_number)).toEqual(['50%-OFF']);
  });

  it("refuses an empty search with 'Pencarian tidak boleh kosong'", async () => {
    for (const url of ['/tire/findSnLite/', '/tire/findSnLite', '/tire/findSnLite/%20%20']) {
      const res = await api(edp, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Pencarian tidak boleh kosong');
    }
  });

  it('is answered from the serial prefix index', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(
          sql`explain select id from tires where lower(serial_number) like lower(${'lim-'}::text) || '%' limit 20`,
        ),
      );
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('tires_serial_prefix_idx');
  });
});

describe('tire update (Form Detail Ban)', () => {
  it('updates the tire fields, upper-casing values, with ledger and audit', async () => {
    const id = tireId['S-0010']!;
    const res = await api(edp, 'PUT', `/tire/update/${id}`, {
      serial_number: 'S-0010',
      ir_brand: 'gt radial',
      ori_brand: 'gajah tunggal',
      size: '10.00-20',
      casing_status: 'new original',
      tube_status: 'tanpa tube',
      velg_holes: '8',
      groove_1: '7',
      groove_2: '6.5',
      groove_3: '7',
      groove_4: '7',
      pressure: '100',
      status: 'uninstalled',
      information: 'Ban cadangan',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Data Ban Berhasil di Edit',
      data: { id, ir_brand: 'GT RADIAL', casing_status: 'NEW ORIGINAL', groove_lowest: 6.5, velg_holes: 8 },
    });
    expect(await tire('S-0010')).toMatchObject({
      ir_brand: 'GT RADIAL',
      ori_brand: 'GAJAH TUNGGAL',
      size: '10.00-20',
      tube_status: 'TANPA TUBE',
      groove_2: 6.5,
      status: 'UNINSTALLED',
    });
    const events = await t.database.db.select().from(tireEvents).where(eq(tireEvents.tire_id, id));
    expect(events.map((e) => e.kind)).toEqual(['updated']);
    expect(events[0]).toMatchObject({ user_id: ids.staff, source_type: 'manual' });
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tire'), eq(auditLog.entity_id, String(id))));
    expect(audited).toMatchObject({ action: 'update', user_id: ids.staff });
  });

  it('refuses bad values and state changes that belong to the mounting workflows', async () => {
    const stock = tireId['S-0009']!;
    const mounted = tireId['T-0008']!;
    const cases: [number, object, string, string][] = [
      [stock, { casing_status: 'apa saja' }, 'casing_status', 'Status casing tidak dikenal'],
      [stock, { groove_1: 25 }, 'groove_1', 'RTD harus angka 0 sampai 24'],
      [stock, { pressure: 'abc' }, 'pressure', 'PSI harus angka 0 sampai 200'],
      [stock, { serial_number: 'T-0001' }, 'serial_number', 'Nomor seri sudah dipakai ban lain'],
      [stock, { status: 'INSTALLED' }, 'status', 'Ban hanya menjadi INSTALLED lewat pemasangan di unit'],
      [
        mounted,
        { status: 'SCRAP' },
        'status',
        'Status ban yang terpasang hanya berubah lewat pergantian ban',
      ],
      [
        mounted,
        { position: '3' },
        'position',
        'Posisi ban yang terpasang hanya berubah lewat pergantian ban',
      ],
    ];
    for (const [id, body, field, message] of cases) {
      const res = await api(edp, 'PUT', `/tire/update/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toContainEqual({ field, message });
    }
    expect(await tire('T-0008')).toMatchObject({ status: 'INSTALLED', position: '8' });
    expect((await api(edp, 'PUT', '/tire/update/999999', { ir_brand: 'X' })).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('keeps office routes from tire men and the field submission from EDP staff', async () => {
    const officeCalls: [Method, string][] = [
      ['GET', '/tire-replace/pending?status=edp'],
      ['GET', '/tire-replace/1'],
      ['GET', '/tire-replacement'],
      ['GET', '/tire-replace-record/1'],
      ['PUT', '/tire-replace-record/1'],
      ['PUT', '/tire-replacement/1'],
      ['POST', '/tire-replacement/1/validate'],
      ['DELETE', '/tire-replacement/1'],
      ['PUT', '/tire/update/1'],
      ['PUT', '/history?p_id=1&c_id=1'],
    ];
    for (const [method, url] of officeCalls) {
      const res = await api(tm, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const staffSubmit = await api(edp, 'POST', '/tire-replacement', submission(ids.tronton, []));
    expect(staffSubmit.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/tire-replace/pending' });
    expect(anonymous.statusCode).toBe(401);
  });
});
