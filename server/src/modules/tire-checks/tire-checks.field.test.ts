// Issue 20, the field write side of tire checks: performed_at, signatures on site, the Return's
// reason and the field-status event, and bad input refused whole with the field named.
import { sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { staff: '', tireman: '', tireman2: '' };
const ids = { tronton: 0, engkel: 0, location: 0, project: 0, tireman: 0 };
const NAMES = ['plate', 'odo', 'tm', 'driver', 'pic', 'itms', 'serial', 'pic2', 'itms2'] as const;
/** Uploads of the tire man (`mine`) and of the other tire man (`theirs`). */
let mine: Record<(typeof NAMES)[number], string>;
let theirs: string;

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from projects where name = ${FX.project}) as project,
           (select id from users where email = ${FX.tireman.email}) as tireman`);
  Object.assign(ids, u);
  mine = await uploadPhotos(t, tok.tireman, NAMES);
  theirs = await uploadPhoto(t, tok.tireman2);
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

const record = (i: number, over: object = {}) => ({
  position: String(i + 1),
  serial_number: FX.installedSerial(i + 11), // the engkel's tires T-0011..T-0016 at 1-6
  serial_number_url: '-',
  groove_1: 10,
  groove_2: 10,
  groove_3: 9,
  groove_4: 10,
  pressure: 100,
  ...over,
});

/** A check of the engkel (positions 1-6, ST, ST2) citing the tire man's own uploads. */
const body = (over: object = {}) => ({
  unit_id: ids.engkel,
  location_id: ids.location,
  odometer: 42000,
  plate_number_url: mine.plate,
  odometer_url: mine.odo,
  tireman_sign: mine.tm,
  driver_sign: mine.driver,
  records: Array.from({ length: 6 }, (_, i) => record(i, i === 0 ? { serial_number_url: mine.serial } : {})),
  ...over,
});

const counts = async () =>
  (
    await q<{ checks: number; records: number; drivers: number }>(sql`
      select (select count(*)::int from tire_checks) as checks,
             (select count(*)::int from tire_check_records) as records,
             (select count(*)::int from drivers) as drivers`)
  )[0]!;

const stored = async (id: number) =>
  (
    await q<Record<string, string | null> & { performed_at: Date; created_at: Date }>(sql`
      select performed_at, created_at, driver_sign, pic_sign, pic_name, itms_sign, tireman_sign,
             returned_at, return_reason
        from tire_checks where id = ${id}`)
  )[0]!;

async function submit(b: object = body(), token = tok.tireman): Promise<number> {
  const res = await call(token, 'POST', '/tire-check', b);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const fieldsOf = (res: { json(): { fields?: { field: string }[] } }) =>
  (res.json().fields ?? []).map((f) => f.field).sort();

describe('performed_at', () => {
  it('stores when the check was done, and the receipt time when none is sent', async () => {
    const yesterday = new Date(Date.now() - 26 * 3600_000);
    const id = await submit(body({ performed_at: yesterday.toISOString().replace('Z', '+00:00') }));
    const row = await stored(id);
    expect(new Date(row.performed_at).getTime()).toBe(yesterday.getTime());
    expect(new Date(row.created_at).getTime()).toBeGreaterThan(yesterday.getTime() + 24 * 3600_000);

    // with a local offset (Jakarta) it is the same instant
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const local = await submit(body({ performed_at: `${day}T08:30:00+07:00` }));
    expect(new Date((await stored(local)).performed_at).toISOString()).toBe(`${day}T01:30:00.000Z`);

    const now = await submit();
    const r = await stored(now);
    expect(new Date(r.performed_at).getTime()).toBe(new Date(r.created_at).getTime());

    // a clock a few minutes ahead is tolerated
    await submit(body({ performed_at: new Date(Date.now() + 5 * 60_000).toISOString() }));
  });

  it('refuses a time more than 10 minutes in the future, and a time without an offset, storing nothing', async () => {
    const before = await counts();
    const ahead = await call(
      tok.tireman,
      'POST',
      '/tire-check',
      body({ performed_at: new Date(Date.now() + 11 * 60_000).toISOString() }),
    );
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({
      message: 'Waktu perangkat tidak valid',
      fields: [{ field: 'performed_at', message: 'Waktu perangkat tidak valid' }],
    });
    const bad = await call(tok.tireman, 'POST', '/tire-check', body({ performed_at: '2026-01-05 08:30' }));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['performed_at']);
    expect(await counts()).toEqual(before);
  });
});

describe('signatures on site', () => {
  it('stores the driver, PIC (with name), ITMS and tire man signatures; left out they are unsigned', async () => {
    const id = await submit(body({ pic_sign: mine.pic, pic_name: 'Pak Harun', itms_sign: mine.itms }));
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({
      driver_sign: mine.driver,
      pic_sign: mine.pic,
      pic_name: 'Pak Harun',
      itms_sign: mine.itms,
      tireman_sign: mine.tm,
    });
    const bare = await submit(body({ driver_sign: '-', tireman_sign: '', pic_sign: '-' }));
    expect(await stored(bare)).toMatchObject({
      driver_sign: '-',
      tireman_sign: '-',
      pic_sign: '-',
      pic_name: '-',
      itms_sign: '-',
    });
  });

  it("accepts the tire man's own stored signature, which he did not upload in this session", async () => {
    await t.database.db.execute(
      sql`update users set signature = 'profil/ttd-tono.png' where id = ${ids.tireman}`,
    );
    const id = await submit(body({ tireman_sign: 'profil/ttd-tono.png' }));
    expect((await stored(id)).tireman_sign).toBe('profil/ttd-tono.png');
  });
});

describe('bad input is refused whole, naming the field', () => {
  it('unknown unit, location or project; a position not on the unit; a position or serial twice; RTD and PSI out of range', async () => {
    const before = await counts();
    const cases: { body: object; fields: string[]; text?: RegExp }[] = [
      { body: body({ unit_id: 999999 }), fields: ['unit_id'], text: /Unit tidak ditemukan/ },
      { body: body({ location_id: 999999 }), fields: ['location_id'], text: /Lokasi tidak ditemukan/ },
      { body: body({ project_id: 999999 }), fields: ['project_id'], text: /Project tidak ditemukan/ },
      {
        // an engkel has no position 7 (its diagram: 1-6, ST, ST2)
        body: body({ records: [record(0), record(6)] }),
        fields: ['records.1.position'],
        text: /Posisi 7 tidak ada pada unit ENGKEL/,
      },
      {
        body: body({ records: [record(0), record(1, { position: '1' })] }),
        fields: ['records.1.position'],
        text: /Posisi 1 duplikat/,
      },
      {
        body: body({
          records: [record(0), record(1, { serial_number: FX.installedSerial(11).toLowerCase() })],
        }),
        fields: ['records.1.serial_number'],
        text: /dipakai di dua posisi/,
      },
      {
        body: body({ records: [record(0, { groove_3: 24.5 }), record(1, { groove_4: -1 })] }),
        fields: ['records.0.groove_3', 'records.1.groove_4'],
      },
      {
        body: body({ records: [record(0, { pressure: 200.5 }), record(1, { pressure: -3 })] }),
        fields: ['records.0.pressure', 'records.1.pressure'],
      },
    ];
    for (const c of cases) {
      const res = await call(tok.tireman, 'POST', '/tire-check', c.body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res), JSON.stringify(c.body)).toEqual([...c.fields].sort());
      if (c.text) expect(res.json().message).toMatch(c.text);
    }
    // the limits themselves are fine
    await submit(
      body({
        records: [record(0, { groove_1: 0, groove_2: 24, pressure: 200 }), record(1, { pressure: 0 })],
      }),
    );
    expect((await counts()).checks).toBe(before.checks + 1);
  });

  it("refuses photos and signatures the tire man did not upload (another user's, or no upload at all)", async () => {
    const before = await counts();
    const res = await call(
      tok.tireman,
      'POST',
      '/tire-check',
      body({
        plate_number_url: theirs,
        odometer_url: '2026/01/tidak-ada.png',
        pic_sign: theirs,
        itms_sign: 'x/../../etc/passwd',
        records: [record(0, { serial_number_url: theirs }), record(1)],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'plate_number_url', message: 'Foto tidak ditemukan, unggah ulang' },
        { field: 'odometer_url', message: 'Foto tidak ditemukan, unggah ulang' },
        { field: 'pic_sign', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
        { field: 'itms_sign', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
        { field: 'records.0.serial_number_url', message: 'Foto tidak ditemukan, unggah ulang' },
      ]),
    );
    expect(fieldsOf(res)).toHaveLength(5);
    expect(await counts()).toEqual(before);
    // the other tire man may cite his own upload
    await submit(
      body({
        plate_number_url: theirs,
        odometer_url: '-',
        tireman_sign: '-',
        driver_sign: '-',
        records: [record(0)],
      }),
      tok.tireman2,
    );
  });
});

describe('the Return and the resubmission', () => {
  it('requires a reason (Alasan), stores it, clears PIC and ITMS and keeps the reason in the audit line', async () => {
    const id = await submit(body({ pic_sign: mine.pic, pic_name: 'Pak Harun', itms_sign: mine.itms }));
    for (const payload of [
      undefined,
      {},
      { pic_sign: '-', itms_sign: '-' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
    ]) {
      const res = await call(tok.staff, 'PUT', `/tire-check/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toEqual(['reason']);
    }
    const missing = await call(tok.staff, 'PUT', `/tire-check/${id}`, {});
    expect(missing.json().fields[0].message).toBe('Alasan pengembalian wajib diisi');
    expect((await stored(id)).returned_at).toBeNull();

    const ret = await call(tok.staff, 'PUT', `/tire-check/${id}`, {
      pic_sign: '-',
      itms_sign: '-',
      reason: '  Foto odometer buram  ',
    });
    expect(ret.statusCode, ret.body).toBe(200);
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ return_reason: 'Foto odometer buram', pic_sign: '-', itms_sign: '-' });
    expect(d.returned_at).toBeTruthy();
    // the driver's and the tire man's signatures stay
    expect(d).toMatchObject({ driver_sign: mine.driver, tireman_sign: mine.tm });
    const [line] = await q<{ detail: { reason: string; before: { pic_sign: string } } }>(sql`
      select detail from audit_log where entity = 'tire-check' and entity_id = ${String(id)} and action = 'return'`);
    expect(line!.detail).toMatchObject({ reason: 'Foto odometer buram', before: { pic_sign: mine.pic } });
  });

  it('the redo carries the signatures collected again and its own time; foreign paths and unknown positions are refused', async () => {
    const id = await submit();
    expect(
      (await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Tanda tangan PIC kurang' })).statusCode,
    ).toBe(200);

    const before = await stored(id);
    const foreign = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      pic_sign: theirs,
      itms_sign: mine.itms2,
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['pic_sign']);
    const offDiagram = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      records: [record(0, { position: '9' })],
    });
    expect(offDiagram.statusCode).toBe(400);
    expect(fieldsOf(offDiagram)).toEqual(['records.0.position']);
    const future = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      performed_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Waktu perangkat tidak valid');
    expect(await stored(id)).toEqual(before);

    const redoneAt = new Date(Date.now() - 60_000);
    const re = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      pic_sign: mine.pic2,
      pic_name: 'Bu Sari',
      itms_sign: mine.itms2,
      performed_at: redoneAt.toISOString(),
      // the photos the check already holds may be sent again
      records: body().records,
    });
    expect(re.statusCode, re.body).toBe(200);
    const after = await stored(id);
    expect(after).toMatchObject({
      pic_sign: mine.pic2,
      pic_name: 'Bu Sari',
      itms_sign: mine.itms2,
      returned_at: null,
    });
    expect(new Date(after.performed_at).getTime()).toBe(redoneAt.getTime());
    // not returned any more: another resubmission is a conflict
    const again = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {});
    expect(again.statusCode).toBe(409);
  });

  it("sends field-status 'returned' with the reason to the tire man's socket only", async () => {
    const id = await submit();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const connect = (token: string) =>
      connectSocket(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
      });
    const own = connect(tok.tireman);
    const other = connect(tok.tireman2);
    try {
      await Promise.all(
        [own, other].map(
          (s) =>
            new Promise<void>((resolve, reject) => {
              s.on('connect', () => resolve());
              s.on('connect_error', reject);
            }),
        ),
      );
      const otherGot: unknown[] = [];
      other.on('field-status', (p) => otherGot.push(p));
      const got = new Promise((resolve) => own.once('field-status', resolve));
      const ret = await call(tok.staff, 'PUT', `/tire-check/${id}`, {
        reason: 'Ban posisi 3 salah nomor seri',
      });
      expect(ret.statusCode).toBe(200);
      const payload = await Promise.race([
        got,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event within 5 s')), 5000)),
      ]);
      expect(payload).toEqual({
        kind: 'tire-check',
        id,
        status: 'returned',
        reason: 'Ban posisi 3 salah nomor seri',
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(otherGot).toEqual([]);
    } finally {
      own.close();
      other.close();
    }
  });
});

describe("'PIC tidak di tempat' (issue 36, item 2)", () => {
  const reasonOf = async (id: number) =>
    (
      await q<{ pic_absent_reason: string | null }>(sql`
      select pic_absent_reason from tire_checks where id = ${id}`)
    )[0]!.pic_absent_reason;

  it('stores the reason, trimmed, and the detail returns it; a signed check has none', async () => {
    const id = await submit(
      body({ pic_name: 'Pak Harun', pic_absent_reason: '  Sedang rapat di kantor pusat ' }),
    );
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ pic_sign: '-', pic_absent_reason: 'Sedang rapat di kantor pusat' });
    const signed = await submit(body({ pic_sign: mine.pic, pic_name: 'Pak Harun' }));
    expect(
      (await call(tok.staff, 'GET', `/tire-check/detail/${signed}`)).json().pic_absent_reason,
    ).toBeNull();
  });

  it('refuses a reason with a PIC signature, a blank reason and one over 200 characters, saving nothing', async () => {
    const before = await counts();
    const both = await call(
      tok.tireman,
      'POST',
      '/tire-check',
      body({ pic_sign: mine.pic, pic_absent_reason: 'PIC cuti' }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual([
      {
        field: 'pic_absent_reason',
        message: 'Pilih salah satu: tanda tangan PIC atau alasan PIC tidak di tempat, bukan keduanya',
      },
    ]);
    for (const [reason, message] of [
      ['   ', 'Alasan PIC tidak di tempat wajib diisi'],
      ['x'.repeat(201), 'Alasan PIC tidak di tempat maksimal 200 karakter'],
    ]) {
      const res = await call(tok.tireman, 'POST', '/tire-check', body({ pic_absent_reason: reason }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'pic_absent_reason', message }]);
    }
    expect(await counts()).toEqual(before);
  });

  it("the PIC's signature given later clears the reason, and the audit line keeps it", async () => {
    const id = await submit(body({ pic_absent_reason: 'PIC sedang cuti' }));
    const res = await call(tok.tireman, 'PATCH', `/tire-check/picSign/${id}`, {
      pic_sign: mine.pic2,
      pic_name: 'Bu Sari',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reasonOf(id)).toBeNull();
    const d = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(d).toMatchObject({ pic_sign: mine.pic2, pic_name: 'Bu Sari', pic_absent_reason: null });
    const [line] = await q<{ detail: { before: { pic_absent_reason?: string } } }>(sql`
      select detail from audit_log where entity = 'tire-check' and entity_id = ${String(id)} and action = 'pic-sign'`);
    expect(line!.detail.before.pic_absent_reason).toBe('PIC sedang cuti');
  });

  it('the Return clears the reason; the redo records a new one, or the signature clears it', async () => {
    const id = await submit(body({ pic_absent_reason: 'PIC sedang cuti' }));
    expect((await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Foto buram' })).statusCode).toBe(
      200,
    );
    expect(await reasonOf(id)).toBeNull();
    const both = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      pic_sign: mine.pic2,
      pic_absent_reason: 'PIC pulang',
    });
    expect(both.statusCode).toBe(400);
    expect(fieldsOf(both)).toEqual(['pic_absent_reason']);
    const re = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      pic_absent_reason: 'PIC pulang',
    });
    expect(re.statusCode, re.body).toBe(200);
    expect(await reasonOf(id)).toBe('PIC pulang');
  });
});
