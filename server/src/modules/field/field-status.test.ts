import type { TFieldStatusEvent } from '@itms/contracts/field';
import { sql } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { multipartFile, TINY_PNG } from '../../../test/multipart';
import { sendCheckOnlyReplacement, uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

// The office approves or deletes a tire man's submission: his phone hears of it at once (socket
// event field-status), no one else's does, and a deleted one stays in his history as deleted.

let t: TestApp;
/** The EDP's own drawn signature (a validator signs only with his own). */
let edpSign = '';
const tok = { staff: '', tireman: '', tireman2: '' };
const ids = { tronton: 0, engkel: 0, location: 0, tireman: 0, tireman2: 0 };
/** A photo each tire man uploaded himself (submissions may cite only their author's uploads). */
const photo = { tireman: '', tireman2: '' };
const sockets: Socket[] = [];
const heard = { tireman: [] as TFieldStatusEvent[], tireman2: [] as TFieldStatusEvent[] };

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });

async function listen(who: keyof typeof heard, port: number) {
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    auth: { token: tok[who] },
    transports: ['websocket'],
  });
  sockets.push(socket);
  socket.on('field-status', (e: TFieldStatusEvent) => heard[who].push(e));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
}

/** Resolves once this tire man's phone heard the event; fails after 5 s. */
async function hears(who: keyof typeof heard, event: TFieldStatusEvent) {
  const deadline = Date.now() + 5000;
  while (!heard[who].some((e) => e.kind === event.kind && e.id === event.id && e.status === event.status)) {
    if (Date.now() > deadline) throw new Error(`${who} never heard ${JSON.stringify(event)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  edpSign = await uploadPhoto(t, tok.staff);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from users where email = ${FX.tireman.email}) as tireman,
           (select id from users where email = ${FX.tireman2.email}) as tireman2`);
  Object.assign(ids, u);
  for (const who of ['tireman', 'tireman2'] as const) {
    const body = multipartFile('image', 'foto.png', TINY_PNG, 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, access_token: tok[who] },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    photo[who] = res.json().awsImage;
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  await listen('tireman', port);
  await listen('tireman2', port);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function submitCheck(who: keyof typeof photo = 'tireman'): Promise<number> {
  const res = await call(tok[who], 'POST', '/tire-check', {
    unit_id: ids.tronton,
    location_id: ids.location,
    odometer: 61000,
    tireman_sign: photo[who],
    records: [
      {
        position: '1',
        serial_number: FX.installedSerial(1),
        groove_1: 10,
        groove_2: 10,
        groove_3: 9,
        groove_4: 10,
        pressure: 105,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const submitReplacement = () =>
  sendCheckOnlyReplacement(t, tok.tireman, {
    unit_id: ids.engkel,
    location_id: ids.location,
    photo: photo.tireman,
    spk: 'SPK-001',
  });

async function reportMismatch(): Promise<number> {
  const res = await call(tok.tireman, 'POST', '/mismatch', {
    unit_id: ids.tronton,
    location_id: ids.location,
    category: 'Nomor seri tidak sesuai',
    information: 'Ban di lapangan berbeda dengan data',
    image_url: photo.tireman,
    positions: [{ position: '2', found_serial: 'X-9999' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

type Tombstone = {
  kind: string;
  record_id: number;
  tireman_id: number;
  unit_id: number | null;
  plate_number: string;
  performed_at: Date | string;
};
const tombstonesOf = (kind: string, id: number) =>
  q<Tombstone>(sql`select kind, record_id, tireman_id, unit_id, plate_number, performed_at
    from deleted_submissions where kind = ${kind} and record_id = ${id}`);

describe('field-status on approval', () => {
  it('reaches the tire man when the EDP validates his check in one command', async () => {
    const id = await submitCheck();
    const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
      edp_sign: edpSign,
      records: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    await hears('tireman', { kind: 'tire-check', id, status: 'approved' });
  });

  it('reaches him when the check is approved the spec way (PATCH edpSign)', async () => {
    const id = await submitCheck();
    const res = await call(tok.staff, 'PATCH', `/tire-check/edpSign/${id}`, { edp_sign: edpSign });
    expect(res.statusCode, res.body).toBe(200);
    await hears('tireman', { kind: 'tire-check', id, status: 'approved' });
  });

  it('reaches him when his replacement is validated', async () => {
    const id = await submitReplacement();
    const res = await call(tok.staff, 'POST', `/tire-replacement/${id}/validate`, {
      edp_sign: edpSign,
    });
    expect(res.statusCode, res.body).toBe(200);
    await hears('tireman', { kind: 'tire-replacement', id, status: 'approved' });
  });

  it('reaches him when his BKB is signed, or validated in one command', async () => {
    const signed = await reportMismatch();
    const sign = await call(tok.staff, 'PATCH', `/mismatch/signature/${signed}`, {
      signatureUrl: edpSign,
    });
    expect(sign.statusCode, sign.body).toBe(200);
    await hears('tireman', { kind: 'mismatch', id: signed, status: 'approved' });

    const validated = await reportMismatch();
    const res = await call(tok.staff, 'POST', `/mismatch/${validated}/validate`, {
      signatureUrl: edpSign,
    });
    expect(res.statusCode, res.body).toBe(200);
    await hears('tireman', { kind: 'mismatch', id: validated, status: 'approved' });
  });

  it('says nothing when the validation is refused (already approved)', async () => {
    const id = await submitCheck();
    expect(
      (await call(tok.staff, 'PATCH', `/tire-check/edpSign/${id}`, { edp_sign: edpSign })).statusCode,
    ).toBe(200);
    await hears('tireman', { kind: 'tire-check', id, status: 'approved' });
    const again = await call(tok.staff, 'PATCH', `/tire-check/edpSign/${id}`, { edp_sign: edpSign });
    expect(again.statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.tireman.filter((e) => e.id === id && e.kind === 'tire-check')).toHaveLength(1);
  });
});

describe('effects run after the commit and never fail the write', () => {
  it('a socket that throws while telling the phone leaves the validation done and answered 200', async () => {
    const id = await submitCheck();
    const toUser = t.app.realtime.toUser;
    t.app.realtime.toUser = () => {
      throw new Error('socket adapter down');
    };
    try {
      const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
        edp_sign: edpSign,
        records: [],
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.app.realtime.toUser = toUser;
    }
    const [row] = await q<{ status: string; stage: string }>(
      sql`select status, stage from tire_checks where id = ${id}`,
    );
    expect(row).toEqual({ status: 'approved', stage: 'validated' });
    // the next step is heard again
    const del = await call(tok.staff, 'DELETE', `/tire-check/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    await hears('tireman', { kind: 'tire-check', id, status: 'deleted' });
  });
});

describe('field-status on delete, with a tombstone for his history', () => {
  it('a deleted check: the phone hears "deleted" and the history keeps unit, plate and date', async () => {
    const id = await submitCheck();
    const [row] = await q<{ performed_at: Date | string }>(
      sql`select performed_at from tire_checks where id = ${id}`,
    );
    const res = await call(tok.staff, 'DELETE', `/tire-check/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    await hears('tireman', { kind: 'tire-check', id, status: 'deleted' });
    const [stone] = await tombstonesOf('tire-check', id);
    expect(stone).toMatchObject({
      kind: 'tire-check',
      record_id: id,
      tireman_id: ids.tireman,
      unit_id: ids.tronton,
      plate_number: FX.tronton,
    });
    expect(new Date(stone!.performed_at).toISOString()).toBe(new Date(row!.performed_at).toISOString());
    expect(await q(sql`select 1 from tire_checks where id = ${id}`)).toHaveLength(0);
  });

  it('a deleted replacement and a deleted BKB likewise', async () => {
    const rep = await submitReplacement();
    expect((await call(tok.staff, 'DELETE', `/tire-replacement/${rep}`)).statusCode).toBe(200);
    await hears('tireman', { kind: 'tire-replacement', id: rep, status: 'deleted' });
    expect(await tombstonesOf('tire-replacement', rep)).toMatchObject([
      { tireman_id: ids.tireman, unit_id: ids.engkel, plate_number: FX.engkel },
    ]);

    const bkb = await reportMismatch();
    expect((await call(tok.staff, 'DELETE', `/mismatch/${bkb}`)).statusCode).toBe(200);
    await hears('tireman', { kind: 'mismatch', id: bkb, status: 'deleted' });
    expect(await tombstonesOf('mismatch', bkb)).toMatchObject([
      { tireman_id: ids.tireman, unit_id: ids.tronton, plate_number: FX.tronton },
    ]);
  });

  it('a delete that fails leaves no tombstone and says nothing', async () => {
    const before = heard.tireman.length;
    expect((await call(tok.staff, 'DELETE', '/tire-check/999999')).statusCode).toBe(404);
    expect(await tombstonesOf('tire-check', 999999)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.tireman).toHaveLength(before);
  });

  it("another tire man's phone heard none of it, only his own", async () => {
    const own = await submitCheck('tireman2');
    expect((await call(tok.staff, 'DELETE', `/tire-check/${own}`)).statusCode).toBe(200);
    await hears('tireman2', { kind: 'tire-check', id: own, status: 'deleted' });
    // events reach a socket in the order they were sent: everything before his own has arrived
    expect(heard.tireman2).toEqual([{ kind: 'tire-check', id: own, status: 'deleted' }]);
    expect(await tombstonesOf('tire-check', own)).toMatchObject([{ tireman_id: ids.tireman2 }]);
  });
});
