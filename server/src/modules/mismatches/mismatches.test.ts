import { API } from '@itms/contracts/api';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX } from '../../../test/helpers';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import {
  activeUnitTires,
  auditLog,
  locations,
  mismatches,
  mismatchPositions,
  projects,
  tireEvents,
  tires,
  units,
  users,
} from '../../db/schema';

type Json = Record<string, unknown>;

/** One app on a fresh copy of the fixture database, with everyone signed in and the fixture ids. */
async function open() {
  const t = await createTestApp();
  const db = t.database.db;
  const [tronton] = await db.select().from(units).where(eq(units.plate_number, FX.tronton));
  const [engkel] = await db.select().from(units).where(eq(units.plate_number, FX.engkel));
  const [location] = await db.select().from(locations);
  const [project] = await db.select().from(projects);
  const userId = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const tokens = {
    admin: await t.login(FX.admin.email),
    staff: await t.login(FX.staff.email),
    staff2: await t.login(FX.staff2.email),
    tireman: await t.login(FX.tireman.email),
  };
  const ids = {
    tronton: tronton!.id,
    engkel: engkel!.id,
    location: location!.id,
    project: project!.id,
    staff: await userId(FX.staff.email),
    staff2: await userId(FX.staff2.email),
    tireman: await userId(FX.tireman.email),
  };
  // a report may cite only photos its tire man uploaded
  const photos = {
    ...(await uploadPhotos(t, tokens.tireman, ['driver', 'unit'])),
    others: await uploadPhoto(t, await t.login(FX.tireman2.email)),
  };
  // a validator signs with his own drawing
  const signs = { staff: await uploadPhoto(t, tokens.staff), staff2: await uploadPhoto(t, tokens.staff2) };

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: { access_token: token }, payload: payload as Json });

  /** A tire man's report on a unit; positions as [position, found serial]. */
  const report = async (unitId: number, positions: [string, string][], extra: Json = {}) => {
    const res = await api('POST', '/mismatch', tokens.tireman, {
      unit_id: unitId,
      location_id: ids.location,
      category: 'Nomor seri tidak sesuai',
      information: 'Ban di lapangan berbeda dengan data',
      driver: { name: 'Joko Sopir', phone: '081234567890', photo: photos.driver },
      image_url: photos.unit,
      positions: positions.map(([position, found_serial]) => ({ position, found_serial })),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  const validate = (id: number, body: Json, token = tokens.staff) =>
    api('POST', `/mismatch/${id}/validate`, token, {
      signatureUrl: token === tokens.staff2 ? signs.staff2 : signs.staff,
      ...body,
    });

  const tireId = async (serial: string) =>
    (await db.select({ id: tires.id }).from(tires).where(eq(tires.serial_number, serial)))[0]!.id;

  /** What is mounted on a unit now: position -> serial (INSTALLED positions only). */
  const mountedOn = async (unitId: number) => {
    const rows = await db
      .select({ position: activeUnitTires.position, serial: tires.serial_number })
      .from(activeUnitTires)
      .innerJoin(tires, eq(tires.id, activeUnitTires.tire_id))
      .where(and(eq(activeUnitTires.unit_id, unitId), eq(activeUnitTires.status, 'INSTALLED')));
    return Object.fromEntries(rows.map((r) => [r.position, r.serial]));
  };

  const tireState = async (serial: string) =>
    (
      await db
        .select({ status: tires.status, position: tires.position })
        .from(tires)
        .where(eq(tires.serial_number, serial))
    )[0]!;

  const ledger = async (sourceId?: number) =>
    db
      .select({
        serial: tires.serial_number,
        kind: tireEvents.kind,
        position: tireEvents.position,
        unit_id: tireEvents.unit_id,
        user_id: tireEvents.user_id,
        source_type: tireEvents.source_type,
        source_id: tireEvents.source_id,
        to_status: tireEvents.to_status,
      })
      .from(tireEvents)
      .innerJoin(tires, eq(tires.id, tireEvents.tire_id))
      .where(sourceId == null ? undefined : eq(tireEvents.source_id, sourceId))
      .orderBy(asc(tireEvents.id));

  const counts = async () => ({
    mismatches: (await db.select({ n: count() }).from(mismatches))[0]!.n,
    positions: (await db.select({ n: count() }).from(mismatchPositions))[0]!.n,
  });

  return {
    t,
    db,
    tokens,
    ids,
    photos,
    signs,
    api,
    report,
    validate,
    tireId,
    mountedOn,
    tireState,
    ledger,
    counts,
  };
}

type Ctx = Awaited<ReturnType<typeof open>>;
let c: Ctx;
beforeAll(async () => {
  c = await open();
});
afterAll(() => c.t.close());

describe('field report (POST /mismatch)', () => {
  it('stores the report with the tire the records say is at each position, and the office sees it', async () => {
    const id = await c.report(c.ids.tronton, [
      ['3', 's-0001'],
      ['1', 'T-0009'],
      ['ST', ''],
    ]);
    const res = await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id,
      status: 'pending',
      category: 'Nomor seri tidak sesuai',
      information: 'Ban di lapangan berbeda dengan data',
      driver: 'Joko Sopir',
      driverPhone: '081234567890',
      driverPhoto: c.photos.driver,
      imageUrl: c.photos.unit,
      signatureUrl: '-',
      validatedAt: null,
      tireman_bkb: { id: c.ids.tireman, name: FX.tireman.name, phone: '081100000004' },
      itms_bkb: null,
      Unit: { id: c.ids.tronton, plate_number: FX.tronton, unit_type: 'TRONTON' },
      location: FX.location,
      // the unit's project when the report names none
      project: FX.project,
    });
    expect(Date.now() - Date.parse(d.createdAt)).toBeLessThan(60_000);
    // positions in wheel order; Sebelum = what was mounted, Sesudah = the tire whose serial was found
    expect(d.positions.map((p: Json) => [p.position, p.found_serial, p.action])).toEqual([
      ['1', 'T-0009', null],
      ['3', 's-0001', null],
      ['ST', '', null],
    ]);
    expect(d.positions[0].originTire).toEqual({
      id: await c.tireId('T-0001'),
      serialNumber: 'T-0001',
      irBrand: 'BRIDGESTONE',
    });
    expect(d.positions[0].newTire).toMatchObject({ id: await c.tireId('T-0009'), serialNumber: 'T-0009' });
    expect(d.positions[1].originTire.serialNumber).toBe('T-0003');
    expect(d.positions[1].newTire).toMatchObject({ id: await c.tireId('S-0001'), serialNumber: 'S-0001' });
    expect(d.positions[2].originTire).toBeNull();
    expect(d.positions[2].newTire).toBeNull();

    // the pending list shows it
    const list = await c.api('GET', '/mismatch-validation', c.tokens.staff);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, pageSize: 15, total: 1 });
    expect(list.json().data[0]).toEqual({
      id,
      createdAt: d.createdAt,
      performed_at: d.performed_at,
      late_days: null,
      tireman_bkb: { name: FX.tireman.name },
      Unit: { plate_number: FX.tronton },
      location: FX.location,
      project: FX.project,
      category: 'Nomor seri tidak sesuai',
    });
    // nothing on the tires changed by reporting
    expect((await c.mountedOn(c.ids.tronton))['1']).toBe('T-0001');
  });

  it('shows TIDAK PASTI as the project when no driver was known, and accepts ids sent as strings', async () => {
    const id = await c.report(c.ids.engkel, [['2', 'T-0012']], {
      driver: null,
      unit_id: String(c.ids.engkel),
    });
    const d = (await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff)).json();
    expect(d.driver).toBeNull();
    expect(d.project).toBe('TIDAK PASTI');
    const id2 = await c.report(c.ids.engkel, [['3', 'T-0013']], {
      driver: undefined,
      project_id: c.ids.project,
    });
    const row = (await c.api('GET', '/mismatch-validation?q=b%209002', c.tokens.staff))
      .json()
      .data.find((r: Json) => r.id === id2);
    expect(row.project).toBe('TIDAK PASTI');
  });

  it('refuses bad input with Indonesian field errors and stores nothing', async () => {
    const before = await c.counts();
    const base = {
      unit_id: c.ids.tronton,
      category: 'Posisi ban tertukar',
      information: '',
      image_url: '-',
      positions: [{ position: '1', found_serial: 'X' }],
    };
    const cases: [Json, string, RegExp][] = [
      [{ unit_id: 999999 }, 'unit_id', /Unit tidak ditemukan/],
      [{ unit_id: 'abc' }, 'unit_id', /Unit tidak valid/],
      [{ category: '   ' }, 'category', /Kategori wajib diisi/],
      [{ category: undefined }, 'category', /Kategori wajib diisi/],
      // only a category of the list (Kategori BKB master data)
      [{ category: 'Ban tertukar' }, 'category', /Kategori BKB tidak dikenal/],
      [
        { positions: [{ position: '13', found_serial: 'X' }] },
        'positions.0.position',
        /Posisi ban tidak dikenal/,
      ],
      [{ positions: [] }, 'positions', /Minimal satu posisi/],
      [
        {
          positions: [
            { position: '4', found_serial: 'A' },
            { position: '4', found_serial: 'B' },
          ],
        },
        'positions.1.position',
        /Posisi 4 tercantum lebih dari sekali/,
      ],
      // an engkel has six wheels
      [
        { unit_id: c.ids.engkel, positions: [{ position: '9', found_serial: 'X' }] },
        'positions.0.position',
        /Posisi 9 tidak ada pada unit B 9002 EN/,
      ],
      [{ location_id: 999999 }, 'location_id', /Lokasi tidak ditemukan/],
      [{ project_id: 999999 }, 'project_id', /Project tidak ditemukan/],
      [{ driver: { name: '', phone: '0812' } }, 'driver.name', /Nama driver wajib diisi/],
      // one tire cannot be read at two positions (case-insensitive)
      [
        {
          positions: [
            { position: '4', found_serial: 'S-0007' },
            { position: '5', found_serial: 's-0007' },
          ],
        },
        'positions.1.found_serial',
        /S-0007|s-0007/,
      ],
      // photos the tire man did not upload: another user's, or no upload at all
      [{ image_url: c.photos.others }, 'image_url', /Foto tidak ditemukan, unggah ulang/],
      [
        { driver: { name: 'Joko', phone: '', photo: 'uploads/karangan.jpg' } },
        'driver.photo',
        /Foto tidak ditemukan, unggah ulang/,
      ],
      [
        { performed_at: new Date(Date.now() + 11 * 60_000).toISOString() },
        'performed_at',
        /Waktu perangkat tidak valid/,
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await c.api('POST', '/mismatch', c.tokens.tireman, { ...base, ...patch });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const issue = res.json().fields.find((f: Json) => f.field === field);
      expect(issue, `${field}: ${res.body}`).toBeTruthy();
      expect(issue.message).toMatch(message);
    }
    expect(await c.counts()).toEqual(before);
  });
});

describe('field report: when it was done (performed_at)', () => {
  it('stores the time sent by the phone, and the receipt time when none is sent', async () => {
    const done = new Date(Date.now() - 2 * 24 * 3600_000);
    const id = await c.report(c.ids.engkel, [['ST', '']], {
      performed_at: done.toISOString().replace('Z', '+00:00'),
    });
    const [row] = await c.db
      .select({ performed_at: mismatches.performed_at, created_at: mismatches.created_at })
      .from(mismatches)
      .where(eq(mismatches.id, id));
    expect(row!.performed_at.getTime()).toBe(done.getTime());
    expect(row!.created_at.getTime() - done.getTime()).toBeGreaterThan(24 * 3600_000);
    const now = await c.report(c.ids.engkel, [['ST2', '']], { image_url: '-', driver: null });
    const [plain] = await c.db
      .select({ performed_at: mismatches.performed_at, created_at: mismatches.created_at })
      .from(mismatches)
      .where(eq(mismatches.id, now));
    expect(plain!.performed_at.getTime()).toBe(plain!.created_at.getTime());
    // the office's test data stays as it was: remove them again
    for (const bkb of [id, now]) {
      expect((await c.api('DELETE', `/mismatch/${bkb}`, c.tokens.staff)).statusCode).toBe(200);
    }
  });
});

describe('validation (POST /mismatch/{id}/validate)', () => {
  it('applies update, delete and normal, records the ledger and approves the BKB', async () => {
    const events = (await c.ledger()).length;
    const id = await c.report(c.ids.tronton, [
      ['1', 'S-0001'],
      ['2', ''],
      ['3', 't-0003'],
      ['4', 'T-0004'],
    ]);
    const res = await c.validate(id, {
      positions: [
        // chosen serial differs from T-0001: update, found case-insensitively
        { position: '1', serial_number: 's-0001', action: 'update' },
        // Kosong
        { position: '2', action: 'delete' },
        // the same serial in other letters: normal, whatever the client thought
        { position: '3', serial_number: 't-0003', action: 'update' },
        { position: '4', serial_number: 'T-0004' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Berhasil Validasi Data BKB...',
      id,
      positions: [
        { position: '1', action: 'update', tireId: await c.tireId('S-0001') },
        { position: '2', action: 'delete', tireId: null },
        { position: '3', action: 'normal', tireId: await c.tireId('T-0003') },
        { position: '4', action: 'normal', tireId: await c.tireId('T-0004') },
      ],
    });

    // the unit: S-0001 at 1, nothing at 2, 3 and 4 unchanged; old tires in stock
    const mounted = await c.mountedOn(c.ids.tronton);
    expect(mounted['1']).toBe('S-0001');
    expect(mounted['2']).toBeUndefined();
    expect(mounted['3']).toBe('T-0003');
    expect(mounted['4']).toBe('T-0004');
    expect(await c.tireState('S-0001')).toEqual({ status: 'INSTALLED', position: '1' });
    expect(await c.tireState('T-0001')).toEqual({ status: 'UNINSTALLED', position: '' });
    expect(await c.tireState('T-0002')).toEqual({ status: 'UNINSTALLED', position: '' });
    expect(await c.tireState('T-0003')).toEqual({ status: 'INSTALLED', position: '3' });

    // ledger: one row per movement, linked to this BKB and the validating user
    const rows = await c.ledger(id);
    expect(rows.map((r) => [r.serial, r.kind, r.position, r.to_status])).toEqual([
      ['T-0001', 'removed', '1', 'UNINSTALLED'],
      ['S-0001', 'installed', '1', 'INSTALLED'],
      ['T-0002', 'removed', '2', 'UNINSTALLED'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({
        source_type: 'mismatch',
        source_id: id,
        user_id: c.ids.staff,
        unit_id: c.ids.tronton,
      });
    }
    expect((await c.ledger()).length).toBe(events + 3);

    // the BKB: approved, signed by the validator, actions stored
    const [bkb] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
    expect(bkb).toMatchObject({
      status: 'approved',
      signature_url: c.signs.staff,
      itms_id: c.ids.staff,
    });
    expect(bkb!.validated_at).toBeInstanceOf(Date);
    const d = (await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff)).json();
    expect(d.itms_bkb).toEqual({ id: c.ids.staff, name: FX.staff.name });
    expect(
      d.positions.map((p: Json) => [p.position, p.action, (p.newTire as Json | null)?.serialNumber ?? null]),
    ).toEqual([
      ['1', 'update', 'S-0001'],
      ['2', 'delete', null],
      ['3', 'normal', 'T-0003'],
      ['4', 'normal', 'T-0004'],
    ]);
    const [entry] = await c.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'mismatch'),
          eq(auditLog.entity_id, String(id)),
          eq(auditLog.action, 'validate'),
        ),
      );
    expect(entry?.user_id).toBe(c.ids.staff);

    // it left the pending list; validating again is a conflict
    const pending = (await c.api('GET', '/mismatch-validation?pageSize=100', c.tokens.staff)).json();
    expect(pending.data.map((r: Json) => r.id)).not.toContain(id);
    const again = await c.validate(id, { positions: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('BKB ini sudah divalidasi');
  });

  it('handles two tires swapped between positions of the unit', async () => {
    const id = await c.report(c.ids.engkel, [
      ['5', 'T-0016'],
      ['6', 'T-0015'],
    ]);
    const res = await c.validate(id, {
      positions: [
        { position: '5', serial_number: 'T-0016' },
        { position: '6', serial_number: 'T-0015' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().positions.map((p: Json) => p.action)).toEqual(['update', 'update']);
    const mounted = await c.mountedOn(c.ids.engkel);
    expect([mounted['5'], mounted['6']]).toEqual(['T-0016', 'T-0015']);
    expect(await c.tireState('T-0015')).toEqual({ status: 'INSTALLED', position: '6' });
    expect(await c.tireState('T-0016')).toEqual({ status: 'INSTALLED', position: '5' });
  });

  it('refuses an unknown serial, a tire mounted on another unit, or no signature, and changes nothing', async () => {
    const id = await c.report(c.ids.engkel, [
      ['1', 'S-0002'],
      ['2', 'T-0003'],
    ]);
    const before = { mounted: await c.mountedOn(c.ids.engkel), events: (await c.ledger()).length };

    const unknown = await c.validate(id, {
      positions: [
        { position: '1', serial_number: 'S-0002' },
        { position: '2', serial_number: 'TIDAK-ADA-99' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([
      { field: 'positions.1.serial_number', message: 'Ban dengan nomor seri TIDAK-ADA-99 tidak ditemukan' },
    ]);

    const elsewhere = await c.validate(id, { positions: [{ position: '2', serial_number: 'T-0003' }] });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields[0]).toEqual({
      field: 'positions.0.serial_number',
      message: 'Ban T-0003 masih terpasang di unit B 9001 TR posisi 3',
    });

    const notInBkb = await c.validate(id, { positions: [{ position: '4', action: 'delete' }] });
    expect(notInBkb.statusCode).toBe(400);
    expect(notInBkb.json().fields[0].field).toBe('positions.0.position');

    // no signature drawn and none stored
    const unsigned = await c.validate(id, { signatureUrl: undefined, positions: [] });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('harap tanda tangan terlebih dahulu');
    const dash = await c.validate(id, { signatureUrl: '-', positions: [] });
    expect(dash.statusCode).toBe(400);

    expect(await c.mountedOn(c.ids.engkel)).toEqual(before.mounted);
    expect((await c.ledger()).length).toBe(before.events);
    const [bkb] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
    expect(bkb).toMatchObject({ status: 'pending', signature_url: '-', itms_id: null });

    // the user's stored signature is used when none is drawn
    await c.db
      .update(users)
      .set({ signature: 'uploads/ttd-tersimpan.png' })
      .where(eq(users.id, c.ids.staff2));
    const stored = await c.validate(
      id,
      { signatureUrl: undefined, positions: [{ position: '1', serial_number: 'S-0002' }] },
      c.tokens.staff2,
    );
    expect(stored.statusCode, stored.body).toBe(200);
    const [after] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
    expect(after).toMatchObject({
      status: 'approved',
      signature_url: 'uploads/ttd-tersimpan.png',
      itms_id: c.ids.staff2,
    });
    expect((await c.mountedOn(c.ids.engkel))['1']).toBe('S-0002');
  });

  it('is all or nothing: a failure at the second position undoes the first', async () => {
    const id = await c.report(c.ids.tronton, [
      ['8', 'S-0006'],
      ['9', 'S-0007'],
    ]);
    // fails while writing position 9, and only once position 8 has moved tires in this same transaction
    await c.db.execute(
      sql.raw(`
        create function bkb_fail_second() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from tire_events
                     where source_type = 'mismatch' and source_id = ${id} and position = '8') then
            raise exception 'injected failure at position 9';
          end if;
          return new;
        end $$`),
    );
    await c.db.execute(
      sql.raw(`create trigger bkb_fail_second before update on mismatch_positions for each row
               when (new.position = '9' and new.action is not null) execute function bkb_fail_second()`),
    );
    const body = {
      positions: [
        { position: '8', serial_number: 'S-0006' },
        { position: '9', serial_number: 'S-0007' },
      ],
    };
    try {
      const before = { mounted: await c.mountedOn(c.ids.tronton), events: (await c.ledger()).length };
      const res = await c.validate(id, body);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Terjadi kesalahan pada server');

      expect(await c.mountedOn(c.ids.tronton)).toEqual(before.mounted);
      expect(await c.tireState('S-0006')).toEqual({ status: 'UNINSTALLED', position: '' });
      expect(await c.tireState('T-0008')).toEqual({ status: 'INSTALLED', position: '8' });
      expect((await c.ledger()).length).toBe(before.events);
      const [bkb] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
      expect(bkb).toMatchObject({ status: 'pending', signature_url: '-', itms_id: null, validated_at: null });
      const pos = await c.db.select().from(mismatchPositions).where(eq(mismatchPositions.mismatch_id, id));
      expect(pos.map((p) => p.action)).toEqual([null, null]);
      const audits = await c.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'validate')));
      expect(audits).toHaveLength(0);
    } finally {
      await c.db.execute(sql.raw('drop trigger bkb_fail_second on mismatch_positions'));
      await c.db.execute(sql.raw('drop function bkb_fail_second()'));
    }
    // once the fault is gone the same validation goes through
    const ok = await c.validate(id, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await c.mountedOn(c.ids.tronton)).toMatchObject({ '8': 'S-0006', '9': 'S-0007' });
  });

  it('lets exactly one of two concurrent validations through; the other gets 409', async () => {
    const id = await c.report(c.ids.tronton, [['10', 'S-0008']]);
    const body = { positions: [{ position: '10', serial_number: 'S-0008' }] };
    const results = await Promise.all([
      c.validate(id, body, c.tokens.staff),
      c.validate(id, body, c.tokens.staff2),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({
      code: 'MISMATCH_ALREADY_VALIDATED',
      message: 'BKB ini sudah divalidasi',
    });
    // the tires moved once
    expect((await c.ledger(id)).map((r) => [r.serial, r.kind])).toEqual([
      ['T-0010', 'removed'],
      ['S-0008', 'installed'],
    ]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const [bkb] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
    expect(bkb!.itms_id).toBe(winner === results[0] ? c.ids.staff : c.ids.staff2);
  });
});

describe('signature, return and delete', () => {
  it("refuses a signature the validator did not upload (someone else's file or none)", async () => {
    const id = await c.report(c.ids.engkel, [['4', 'S-0010']]);
    const message = 'Tanda tangan tidak ditemukan, unggah ulang';
    for (const foreign of [c.signs.staff2, c.photos.driver, '2026/01/nobodyuploaded0.png']) {
      const validate = await c.validate(id, { signatureUrl: foreign, positions: [] });
      expect(validate.statusCode, foreign).toBe(400);
      expect(validate.json().fields).toEqual([{ field: 'signatureUrl', message }]);
      const sign = await c.api('PATCH', `/mismatch/signature/${id}`, c.tokens.staff, {
        signatureUrl: foreign,
        itms_id: String(c.ids.staff),
      });
      expect(sign.statusCode, foreign).toBe(400);
      expect(sign.json().fields).toEqual([{ field: 'signatureUrl', message }]);
    }
    const [bkb] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
    expect(bkb).toMatchObject({ status: 'pending', signature_url: '-' });
  });

  it("PATCH /mismatch/signature signs as the spec's last step, without touching tires", async () => {
    const id = await c.report(c.ids.engkel, [['3', 'S-0009']]);
    const mounted = await c.mountedOn(c.ids.engkel);
    const other = await c.api('PATCH', `/mismatch/signature/${id}`, c.tokens.staff, {
      signatureUrl: c.signs.staff,
      itms_id: c.ids.staff2,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields[0].field).toBe('itms_id');
    const res = await c.api('PATCH', `/mismatch/signature/${id}`, c.tokens.staff, {
      signatureUrl: c.signs.staff,
      itms_id: String(c.ids.staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff)).json();
    expect(d).toMatchObject({
      status: 'approved',
      signatureUrl: c.signs.staff,
      itms_bkb: { name: FX.staff.name },
    });
    expect(await c.mountedOn(c.ids.engkel)).toEqual(mounted);
    const again = await c.api('PATCH', `/mismatch/signature/${id}`, c.tokens.staff, {
      signatureUrl: c.signs.staff,
    });
    expect(again.statusCode).toBe(409);
  });

  it('Kembalikan returns an approved BKB to pending, leaving the tires as they are', async () => {
    const id = await c.report(c.ids.tronton, [['5', 'S-0005']]);
    expect(
      (await c.validate(id, { positions: [{ position: '5', serial_number: 'S-0005' }] })).statusCode,
    ).toBe(200);
    const res = await c.api('PATCH', `/mismatch/${id}/reopen`, c.tokens.staff2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('BKB dikembalikan ke daftar validasi');
    const d = (await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff)).json();
    expect(d).toMatchObject({ status: 'pending', signatureUrl: '-', itms_bkb: null, validatedAt: null });
    expect(d.positions[0].action).toBeNull();
    expect((await c.mountedOn(c.ids.tronton))['5']).toBe('S-0005');
    const pending = (await c.api('GET', '/mismatch-validation?pageSize=100', c.tokens.staff)).json();
    expect(pending.data.map((r: Json) => r.id)).toContain(id);
    const [entry] = await c.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'reopen')));
    expect(entry?.user_id).toBe(c.ids.staff2);
    // a pending one cannot be returned; it can be validated again
    const pendingReopen = await c.api('PATCH', `/mismatch/${id}/reopen`, c.tokens.staff);
    expect(pendingReopen.statusCode).toBe(409);
    expect(pendingReopen.json().code).toBe('MISMATCH_NOT_VALIDATED');
    const again = await c.validate(id, { positions: [{ position: '5', serial_number: 'S-0005' }] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await c.mountedOn(c.ids.tronton))['5']).toBe('S-0005');
  });

  it('Hapus deletes the BKB with its positions', async () => {
    const id = await c.report(c.ids.tronton, [['6', 'T-0006']]);
    const res = await c.api('DELETE', `/mismatch/${id}`, c.tokens.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sukses, BKB berhasil dihapus' });
    expect((await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff)).statusCode).toBe(404);
    const left = await c.db.select().from(mismatchPositions).where(eq(mismatchPositions.mismatch_id, id));
    expect(left).toHaveLength(0);
    const gone = await c.api('DELETE', `/mismatch/${id}`, c.tokens.staff);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('BKB tidak ditemukan');
  });
});

describe('lists', () => {
  it('pages the pending list oldest first (newest on request), 15 by default and at most 100', async () => {
    const base = new Date('2026-01-10T03:00:00Z').getTime();
    await c.db.insert(mismatches).values(
      Array.from({ length: 20 }, (_, i) => ({
        unit_id: c.ids.tronton,
        tireman_id: c.ids.tireman,
        category: `Halaman ${i}`,
        created_at: new Date(base + i * 60_000),
      })),
    );
    const list = (query: string) => c.api('GET', `/mismatch-validation?q=halaman${query}`, c.tokens.staff);
    const p1 = (await list('')).json();
    expect(p1).toMatchObject({ total: 20, page: 1, pageSize: 15 });
    expect(p1.data).toHaveLength(15);
    expect(p1.data[0].category).toBe('Halaman 0');
    const p2 = (await list('&page=2')).json();
    expect(p2.data.map((r: Json) => r.category)).toEqual([15, 16, 17, 18, 19].map((i) => `Halaman ${i}`));
    const newest = (await list('&order=newest&page=2')).json();
    expect(newest.data.map((r: Json) => r.category)).toEqual([4, 3, 2, 1, 0].map((i) => `Halaman ${i}`));
    expect((await list('&pageSize=100')).json().data).toHaveLength(20);
    const tooBig = await list('&pageSize=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields[0]).toEqual({ field: 'pageSize', message: 'Ukuran halaman maksimal 100' });
    // older reports come first in the unfiltered list too
    const all = (await c.api('GET', '/mismatch-validation?pageSize=100', c.tokens.staff)).json();
    const times = all.data.map((r: Json) => Date.parse(r.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('list and detail replies parse against their declared schemas', async () => {
    const id = await c.report(c.ids.tronton, [['2', 'S-0002']]);
    const pending = (await c.api('GET', '/mismatch-validation?pageSize=100', c.tokens.staff)).json();
    expect(pending.data.length).toBeGreaterThan(0);
    API.listPendingMismatches.reply.parse(pending);
    API.getMismatch.reply.parse((await c.api('GET', `/mismatch/detail/${id}`, c.tokens.staff)).json());
    const records = await c.api('POST', '/mismatch/querry/record/search', c.tokens.staff, {
      dateStart: '2000-01-01',
      dateEnd: '2100-12-31',
      pageSize: 100,
    });
    expect(records.json().data.length).toBeGreaterThan(0);
    API.searchMismatchRecords.reply.parse(records.json());
  });

  it('Rekam BKB searches whole days in Asia/Jakarta, only reports with a tire man, newest first', async () => {
    expect(c.t.config.timezone).toBe('Asia/Jakarta');
    const row = (category: string, at: string, tireman: number | null = c.ids.tireman) => ({
      unit_id: c.ids.tronton,
      tireman_id: tireman,
      location_id: c.ids.location,
      category,
      performed_at: new Date(at),
      created_at: new Date(at),
    });
    await c.db.insert(mismatches).values([
      row('sebelum awal', '2025-02-28T23:59:00+07:00'),
      row('awal hari pertama', '2025-03-01T00:00:00+07:00'),
      { ...row('tengah', '2025-03-15T12:00:00+07:00'), status: 'approved', signature_url: 'uploads/t.png' },
      row('tanpa tire man', '2025-03-15T13:00:00+07:00', null),
      // 23:30 Jakarta on the last day is 16:30 UTC: inside
      row('malam hari terakhir', '2025-03-31T23:30:00+07:00'),
      // 00:30 Jakarta the day after is still 31 March in UTC: outside
      row('lewat tengah malam', '2025-04-01T00:30:00+07:00'),
    ]);
    const search = (body: Json) =>
      c.api('POST', '/mismatch/querry/record/search', c.tokens.staff, {
        dateStart: '2025-03-01',
        dateEnd: '2025-03-31',
        ...body,
      });
    const res = await search({});
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ total: 3, page: 1, pageSize: 15 });
    expect(out.data.map((r: Json) => r.category)).toEqual([
      'malam hari terakhir',
      'tengah',
      'awal hari pertama',
    ]);
    expect(out.data[1]).toMatchObject({
      category: 'tengah',
      status: 'approved',
      date: '2025-03-15',
      time: '12:00',
    });
    expect(out.data[0]).toEqual({
      id: expect.any(Number),
      tireman_bkb: { name: FX.tireman.name },
      Unit: { plate_number: FX.tronton },
      location: FX.location,
      category: 'malam hari terakhir',
      status: 'pending',
      createdAt: '2025-03-31T16:30:00.000Z',
      performed_at: '2025-03-31T16:30:00.000Z',
      late_days: null,
      date: '2025-03-31',
      time: '23:30',
    });
    expect(out.data[2]).toMatchObject({ date: '2025-03-01', time: '00:00' });

    const nextDay = (await search({ dateStart: '2025-04-01', dateEnd: '2025-04-01' })).json();
    expect(nextDay.data.map((r: Json) => [r.category, r.date, r.time])).toEqual([
      ['lewat tengah malam', '2025-04-01', '00:30'],
    ]);
    const oneDay = (await search({ dateStart: '2025-03-31', dateEnd: '2025-03-31' })).json();
    expect(oneDay.total).toBe(1);
    // as the field clients send it: form-urlencoded
    const form = await c.t.app.inject({
      method: 'POST',
      url: '/api/mismatch/querry/record/search',
      headers: { access_token: c.tokens.staff, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'dateStart=2025-03-01&dateEnd=2025-03-31&page=1&pageSize=50',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ total: 3, pageSize: 50 });

    const paged = (await search({ page: 2, pageSize: 2 })).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.data.map((r: Json) => r.category)).toEqual(['awal hari pertama']);

    const approved = (await search({ status: 'approved' })).json();
    expect(approved.data.map((r: Json) => r.category)).toEqual(['tengah']);
    expect((await search({ status: 'pending' })).json().total).toBe(2);

    const missing = await search({ dateEnd: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      { field: 'dateEnd', message: 'Mohon pilih tanggal terlebih dahulu' },
    ]);
    const reversed = await search({ dateStart: '2025-04-01', dateEnd: '2025-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual([
      { field: 'dateEnd', message: 'Tanggal akhir tidak boleh sebelum tanggal awal' },
    ]);
    const impossible = await search({ dateStart: '2025-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().fields).toEqual([{ field: 'dateStart', message: 'Tanggal tidak valid' }]);
  });
});

describe('roles', () => {
  it('keeps tire men off the office routes and office staff off the field report', async () => {
    const id = await c.report(c.ids.tronton, [['7', 'T-0007']]);
    const office: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, Json?][] = [
      ['GET', '/mismatch-validation'],
      ['GET', `/mismatch/detail/${id}`],
      ['POST', `/mismatch/${id}/validate`, { signatureUrl: 'a.png', positions: [] }],
      ['PATCH', `/mismatch/signature/${id}`, { signatureUrl: 'a.png' }],
      ['PATCH', `/mismatch/${id}/reopen`],
      ['DELETE', `/mismatch/${id}`],
      ['POST', '/mismatch/querry/record/search', { dateStart: '2025-01-01', dateEnd: '2025-01-31' }],
    ];
    for (const [method, url, body] of office) {
      const res = await c.api(method, url, c.tokens.tireman, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Anda tidak memiliki akses ke fitur ini');
    }
    const staffReport = await c.api('POST', '/mismatch', c.tokens.staff, {
      unit_id: c.ids.tronton,
      category: 'x',
      positions: [{ position: '1', found_serial: 'x' }],
    });
    expect(staffReport.statusCode).toBe(403);
    const anonymous = await c.t.app.inject({ method: 'GET', url: '/api/mismatch-validation' });
    expect(anonymous.statusCode).toBe(401);
    // the BKB is still there and pending
    const [bkb] = await c.db.select().from(mismatches).where(eq(mismatches.id, id));
    expect(bkb?.status).toBe('pending');
  });
});

describe('real time', () => {
  it("sends new-missmatch to signed-in office users over socket.io, not to tire men, and a customer's socket hears nothing", async () => {
    const x = c;
    const sockets: ReturnType<typeof ioClient>[] = [];
    try {
      const address = await x.t.app.listen({ port: 0, host: '127.0.0.1' });
      const connect = (token: string) =>
        new Promise<ReturnType<typeof ioClient>>((resolve, reject) => {
          const s = ioClient(address, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
          sockets.push(s);
          s.on('connect', () => resolve(s));
          s.on('connect_error', reject);
        });
      const staff = await connect(x.tokens.staff);
      const tireman = await connect(x.tokens.tireman);
      const tiremanGot: unknown[] = [];
      tireman.on('new-missmatch', (p: unknown) => tiremanGot.push(p));
      // a customer's account (issue 40) is told nothing of the office's work
      const customer = await connect(await x.t.login(FX.customerUser.email));
      const customerGot: unknown[] = [];
      customer.onAny((event: string) => customerGot.push(event));
      const received = new Promise<{ id: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no new-missmatch within 5 s')), 5000);
        staff.on('new-missmatch', (p: { id: number }) => {
          clearTimeout(timer);
          resolve(p);
        });
      });

      const res = await fetch(`${address}/api/mismatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: x.tokens.tireman },
        body: JSON.stringify({
          unit_id: x.ids.tronton,
          category: 'Ban hilang',
          driver: null,
          positions: [{ position: '8', found_serial: '' }],
        }),
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      expect(await received).toEqual({ id });
      await new Promise((r) => setTimeout(r, 150));
      expect(tiremanGot).toEqual([]);
      expect(customerGot).toEqual([]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});
