// Issue 20, the field write side of tire replacements: performed_at, the PIC's and ITMS signatures,
// the Return's reason and field-status event, the tire man's resubmission, and bad input.

import { PIC_ABSENT_MESSAGES } from '@itms/contracts/pic-absent';
import { sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { staff: '', tireman: '', tireman2: '' };
const ids = { tronton: 0, engkel: 0, location: 0, tireman: 0 };
const NAMES = ['plate', 'odo', 'sign', 'pic', 'itms', 'serial', 'pic2', 'itms2', 'tube'] as const;
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
           (select id from users where email = ${FX.tireman.email}) as tireman`);
  Object.assign(ids, u);
  mine = await uploadPhotos(t, tok.tireman, NAMES);
  theirs = await uploadPhoto(t, tok.tireman2);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const measured = (g: number, psi = 100) => ({
  groove_1: g,
  groove_2: g,
  groove_3: g,
  groove_4: g,
  pressure: psi,
});
/** A stock tire S-000n put on the tronton at `position`. */
const replace = (position: string, n: number, over: object = {}) => ({
  position,
  status: 'replace',
  serial_number: FX.stockSerial(n),
  ...measured(15, 105),
  ...over,
});
const body = (over: object = {}) => ({
  unit_id: ids.tronton,
  location_id: ids.location,
  odometer: 61000,
  spk: 'SPK-LAP-01',
  plate_number_url: mine.plate,
  odometer_url: mine.odo,
  tireman_sign: mine.sign,
  records: [replace('1', 1, { serial_number_img: mine.serial })],
  ...over,
});

const counts = async () =>
  (
    await q<{ replacements: number; records: number }>(sql`
      select (select count(*)::int from tire_replacements) as replacements,
             (select count(*)::int from tire_replace_records) as records`)
  )[0]!;
const stored = async (id: number) =>
  (
    await q<Record<string, string | null> & { performed_at: Date; created_at: Date }>(sql`
      select performed_at, created_at, pic_sign, itms_sign, tireman_sign, returned_at, return_reason
        from tire_replacements where id = ${id}`)
  )[0]!;
const recordsOf = (id: number) =>
  q<{ position: string; status: string; serial_number: string; groove_1: number }>(sql`
    select position, status, serial_number, groove_1 from tire_replace_records
     where tire_replacement_id = ${id} order by position`);

async function submit(b: object = body(), token = tok.tireman): Promise<number> {
  const res = await call(token, 'POST', '/tire-replacement', b);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const giveBack = (id: number, reason = 'Nomor seri posisi 1 salah') =>
  call(tok.staff, 'PUT', `/tire-replacement/${id}`, { pic_sign: '-', itms_sign: '-', reason });

async function socketOf(token: string) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}
const within5s = <T>(p: Promise<T>) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event within 5 s')), 5000)),
  ]);

const fieldsOf = (res: { json(): { fields?: { field: string }[] } }) =>
  (res.json().fields ?? []).map((f) => f.field).sort();

describe('submission', () => {
  it('stores performed_at (default the receipt time) and the PIC and ITMS signatures', async () => {
    const done = new Date(Date.now() - 3 * 24 * 3600_000);
    const id = await submit(
      body({ performed_at: done.toISOString(), pic_sign: mine.pic, itms_sign: mine.itms }),
    );
    const row = await stored(id);
    expect(new Date(row.performed_at).getTime()).toBe(done.getTime());
    expect(row).toMatchObject({ pic_sign: mine.pic, itms_sign: mine.itms, tireman_sign: mine.sign });
    const d = (await call(tok.staff, 'GET', `/tire-replace/${id}`)).json();
    expect(d).toMatchObject({ pic_sign: mine.pic, itms_sign: mine.itms, return_reason: null });

    const plain = await stored(await submit(body({ records: [replace('2', 2)] })));
    expect(plain).toMatchObject({ pic_sign: '-', itms_sign: '-' });
    expect(new Date(plain.performed_at).getTime()).toBe(new Date(plain.created_at).getTime());
  });

  it('refuses a device time more than 10 minutes ahead, storing nothing', async () => {
    const before = await counts();
    const res = await call(
      tok.tireman,
      'POST',
      '/tire-replacement',
      body({ performed_at: new Date(Date.now() + 15 * 60_000).toISOString() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Waktu perangkat tidak valid',
      fields: [{ field: 'performed_at' }],
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input whole, naming the field', async () => {
    const before = await counts();
    const cases: { body: object; fields: string[]; text?: RegExp }[] = [
      { body: body({ unit_id: 999999 }), fields: ['unit_id'], text: /Unit tidak ditemukan/ },
      { body: body({ location_id: 999999 }), fields: ['location_id'], text: /Lokasi tidak ditemukan/ },
      { body: body({ project_id: 999999 }), fields: ['project_id'], text: /Project tidak ditemukan/ },
      {
        // a tronton has no position 11
        body: body({ records: [replace('11', 3)] }),
        fields: ['records.0.position'],
        text: /Posisi 11 tidak ada pada unit TRONTON/,
      },
      { body: body({ records: [replace('3', 3), replace('3', 4)] }), fields: ['records.1.position'] },
      {
        body: body({ records: [replace('3', 3), replace('4', 3, { serial_number: 's-0003' })] }),
        fields: ['records.1.serial_number'],
        text: /dipakai di dua posisi/,
      },
      {
        body: body({ records: [replace('3', 3, { groove_2: 25 }), replace('4', 4, { pressure: 201 })] }),
        fields: ['records.0.groove_2', 'records.1.pressure'],
      },
      {
        body: body({ records: [replace('3', 3, { groove_1: -0.5, pressure: -1 })] }),
        fields: ['records.0.groove_1', 'records.0.pressure'],
      },
      {
        body: body({
          plate_number_url: theirs,
          pic_sign: 'uploads/bukan-milik-saya.png',
          records: [replace('3', 3, { serial_number_img: theirs, tube_url: theirs })],
        }),
        fields: ['pic_sign', 'plate_number_url', 'records.0.serial_number_img', 'records.0.tube_url'],
        text: /Foto tidak ditemukan, unggah ulang/,
      },
    ];
    for (const c of cases) {
      const res = await call(tok.tireman, 'POST', '/tire-replacement', c.body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res), JSON.stringify(c.body)).toEqual([...c.fields].sort());
      if (c.text) expect(res.json().message).toMatch(c.text);
    }
    expect(await counts()).toEqual(before);
    // a tire taken off one position and put on at another is not "twice"
    await submit(
      body({
        records: [
          { position: '5', status: 'remove', serial_number: FX.installedSerial(5) },
          replace('6', 0, { serial_number: FX.installedSerial(5) }),
        ],
      }),
    );
  });
});

describe('Return', () => {
  it('requires a reason, stores it, clears PIC and ITMS, audits it and shows it in the detail', async () => {
    const id = await submit(body({ pic_sign: mine.pic, itms_sign: mine.itms, records: [replace('7', 7)] }));
    for (const payload of [
      { pic_sign: '-', itms_sign: '-' },
      { pic_sign: '-', reason: ' ' },
      { reason: 'x'.repeat(501) },
    ]) {
      const res = await call(tok.staff, 'PUT', `/tire-replacement/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toEqual(['reason']);
    }
    expect((await stored(id)).returned_at).toBeNull();

    const res = await giveBack(id, '  Foto SPK tidak terbaca ');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      pic_sign: '-',
      itms_sign: '-',
      return_reason: 'Foto SPK tidak terbaca',
    });
    const d = (await call(tok.staff, 'GET', `/tire-replace/${id}`)).json();
    expect(d).toMatchObject({ return_reason: 'Foto SPK tidak terbaca', pic_sign: '-', itms_sign: '-' });
    const [line] = await q<{
      detail: { reason: string; before: { pic_sign: string; itms_sign: string } };
    }>(sql`
      select detail from audit_log where entity = 'tire-replacement' and entity_id = ${String(id)} and action = 'return'`);
    expect(line!.detail).toMatchObject({
      reason: 'Foto SPK tidak terbaca',
      before: { pic_sign: mine.pic, itms_sign: mine.itms },
    });
    // returned once: a second Return is refused
    expect((await giveBack(id)).statusCode).toBe(409);
  });

  it("sends field-status 'returned' with the reason to the tire man's socket", async () => {
    const id = await submit(body({ records: [replace('8', 8)] }));
    const socket = await socketOf(tok.tireman);
    try {
      const got = new Promise((resolve) => socket.once('field-status', resolve));
      expect((await giveBack(id, 'Ban salah posisi')).statusCode).toBe(200);
      const payload = await within5s(got);
      expect(payload).toEqual({
        kind: 'tire-replacement',
        id,
        status: 'returned',
        reason: 'Ban salah posisi',
      });
    } finally {
      socket.close();
    }
  });
});

describe('resubmission', () => {
  it('sends a returned replacement again with new records, signatures and time; audited; the office is told', async () => {
    const id = await submit(body({ records: [replace('9', 9)] }));
    // not returned yet: 409
    const early = await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Pergantian ini tidak sedang dikembalikan');
    expect((await giveBack(id)).statusCode).toBe(200);

    // only its own tire man; an unknown id is 404
    expect((await call(tok.tireman2, 'PUT', `/tire-replacement/${id}/resubmit`, {})).statusCode).toBe(403);
    expect((await call(tok.staff, 'PUT', `/tire-replacement/${id}/resubmit`, {})).statusCode).toBe(403);
    expect((await call(tok.tireman, 'PUT', '/tire-replacement/999999/resubmit', {})).statusCode).toBe(404);

    // bad input changes nothing
    const before = await stored(id);
    const bad = [
      { body: { records: [replace('12', 9)] }, fields: ['records.0.position'] },
      { body: { records: [replace('9', 9, { groove_3: 30 })] }, fields: ['records.0.groove_3'] },
      { body: { pic_sign: theirs }, fields: ['pic_sign'] },
      { body: { performed_at: new Date(Date.now() + 3600_000).toISOString() }, fields: ['performed_at'] },
    ];
    for (const c of bad) {
      const res = await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, c.body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual(c.fields);
    }
    expect(await stored(id)).toEqual(before);
    expect((await recordsOf(id)).map((r) => r.serial_number)).toEqual([FX.stockSerial(9)]);

    const officeSocket = await socketOf(tok.staff);
    const office = new Promise<unknown>((resolve) => officeSocket.once('new-notification', resolve));
    const redoneAt = new Date(Date.now() - 120_000);
    const res = await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {
      records: [
        replace('9', 10, { groove_1: 12 }),
        { position: '10', status: 'remove', serial_number: FX.installedSerial(10) },
      ],
      pic_sign: mine.pic2,
      itms_sign: mine.itms2,
      performed_at: redoneAt.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, message: 'Pergantian dikirim ulang' });
    try {
      expect(await within5s(office)).toEqual({ kind: 'tire-replacement', id });
    } finally {
      officeSocket.close();
    }

    const after = await stored(id);
    expect(after).toMatchObject({ returned_at: null, pic_sign: mine.pic2, itms_sign: mine.itms2 });
    expect(new Date(after.performed_at).getTime()).toBe(redoneAt.getTime());
    expect(await recordsOf(id)).toEqual([
      {
        position: '10',
        status: 'remove',
        serial_number: FX.installedSerial(10),
        groove_1: expect.anything(),
      },
      { position: '9', status: 'replace', serial_number: FX.stockSerial(10), groove_1: 12 },
    ]);
    // back on the EDP queue, off the returned list
    const queue = (await call(tok.staff, 'GET', '/tire-replace/pending?status=edp&pageSize=100')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).toContain(id);
    const [line] = await q<{
      detail: { before: { records: { position: string }[] }; after: { pic_sign: string } };
    }>(sql`
      select detail from audit_log where entity = 'tire-replacement' and entity_id = ${String(id)} and action = 'resubmit'`);
    expect(line!.detail.before.records.map((r) => r.position)).toEqual(['9']);
    expect(line!.detail.after).toMatchObject({ pic_sign: mine.pic2 });

    // and it can be validated now
    const v = await call(tok.staff, 'POST', `/tire-replacement/${id}/validate`, {
      edp_sign: await uploadPhoto(t, tok.staff),
    });
    expect(v.statusCode, v.body).toBe(200);
    expect((await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {})).statusCode).toBe(409);
  });

  it('without new records keeps the old ones; the photos the replacement already holds may be cited again', async () => {
    const id = await submit(body({ records: [replace('4', 4)] }));
    // a photo stored before uploads were recorded: not in `uploads`, but already on this record
    await t.database.db.execute(
      sql`update tire_replace_records set serial_number_img = 'lama/seri-s0004.png' where tire_replacement_id = ${id}`,
    );
    expect((await giveBack(id)).statusCode).toBe(200);
    const res = await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {
      records: [replace('4', 4, { serial_number_img: 'lama/seri-s0004.png', groove_4: 11 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await recordsOf(id)).map((r) => r.serial_number)).toEqual([FX.stockSerial(4)]);

    const other = await submit(body({ records: [replace('3', 3)] }));
    expect((await giveBack(other)).statusCode).toBe(200);
    // ... but not a photo of another replacement that is not his upload
    const foreign = await call(tok.tireman, 'PUT', `/tire-replacement/${other}/resubmit`, {
      records: [replace('3', 3, { serial_number_img: 'lama/seri-s0004.png' })],
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['records.0.serial_number_img']);
    const keep = await call(tok.tireman, 'PUT', `/tire-replacement/${other}/resubmit`, {});
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await recordsOf(other)).map((r) => [r.position, r.serial_number])).toEqual([
      ['3', FX.stockSerial(3)],
    ]);
    expect((await stored(other)).returned_at).toBeNull();
  });
});

describe("'PIC tidak di tempat' (issue 36, item 2)", () => {
  it('stores the reason and the detail returns it; refuses it with a PIC signature', async () => {
    const id = await submit(body({ pic_absent_reason: ' PIC sedang cuti ' }));
    const d = (await call(tok.staff, 'GET', `/tire-replace/${id}`)).json();
    expect(d).toMatchObject({ pic_sign: '-', pic_absent_reason: 'PIC sedang cuti' });
    const signed = await submit(body({ pic_sign: mine.pic }));
    expect((await call(tok.staff, 'GET', `/tire-replace/${signed}`)).json().pic_absent_reason).toBeNull();

    // a reason and the PIC's signature together: refused, nothing saved
    const before = await counts();
    const both = body({ pic_sign: mine.pic, pic_absent_reason: 'PIC sedang cuti' });
    const refused = await call(tok.tireman, 'POST', '/tire-replacement', both);
    expect([refused.statusCode, fieldsOf(refused)]).toEqual([400, ['pic_absent_reason']]);
    expect(refused.json().fields[0].message).toBe(PIC_ABSENT_MESSAGES.both);
    expect(await counts()).toEqual(before);
  });

  it('the redo with the PIC signature clears a reason; a redo may record a new one', async () => {
    const id = await submit(body({ pic_absent_reason: 'PIC sedang cuti' }));
    expect((await giveBack(id)).statusCode).toBe(200);
    const reasonOf = async () =>
      (
        await q<{ r: string | null }>(
          sql`select pic_absent_reason as r from tire_replacements where id = ${id}`,
        )
      )[0]!.r;
    expect(await reasonOf()).toBeNull();
    const re = await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {
      pic_absent_reason: 'PIC pulang lebih awal',
    });
    expect(re.statusCode, re.body).toBe(200);
    expect(await reasonOf()).toBe('PIC pulang lebih awal');
    expect((await giveBack(id)).statusCode).toBe(200);
    const signed = await call(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {
      pic_sign: mine.pic2,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await reasonOf()).toBeNull();
  });
});
