// Issue 39, items 1 and 4: Web Push to ITMS Lapangan. A push service stand-in (an HTTP server in
// this test) receives real Web Push messages (RFC 8030, aes128gcm encryption per RFC 8291, VAPID
// per RFC 8292), which the test decrypts with the subscription's own keys, as a browser would.
import { createPublicKey, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { browserKeys, decryptPush as decrypt, pushServiceStandIn } from '../../../test/push-stand-in';
import { uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { loadVapidKeys } from './vapid';

/** The VAPID header (RFC 8292): `vapid t=<JWT signed ES256 by the server's key>, k=<that key>`. */
function checkVapid(authorization: string | undefined, publicKey: string, audience: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  expect(m, authorization).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.');
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(body.aud).toBe(audience);
  expect(body.exp).toBeGreaterThan(Date.now() / 1000);
  expect(body.sub).toMatch(/^(mailto:|https:)/);
}

const push = pushServiceStandIn();
let t: TestApp;
const tok = { admin: '', staff: '', tireman: '', tireman2: '' };
const ids = { engkel: 0, location: 0, admin: 0, tireman: 0 };
let mine: Record<'plate' | 'odo' | 'sign' | 'driver', string>;
const phone = browserKeys();

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token, 'user-agent': 'Pixel 7 Chrome' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function submitCheck(): Promise<number> {
  const records = Array.from({ length: 6 }, (_, i) => ({
    position: String(i + 1),
    serial_number: FX.installedSerial(i + 11),
    serial_number_url: '-',
    groove_1: 10,
    groove_2: 10,
    groove_3: 9,
    groove_4: 10,
    pressure: 100,
  }));
  const res = await call(tok.tireman, 'POST', '/tire-check', {
    unit_id: ids.engkel,
    location_id: ids.location,
    odometer: 42000,
    plate_number_url: mine.plate,
    odometer_url: mine.odo,
    tireman_sign: mine.sign,
    driver_sign: mine.driver,
    records,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const deliveries = () =>
  q<{ status: string; http_status: number | null; attempts: number; kind: string; user_id: number }>(
    sql`select status, http_status, attempts, kind, user_id from push_deliveries order by id`,
  );
const subscriptions = () =>
  q<{ user_id: number; endpoint: string; last_success_at: Date | null; user_agent: string | null }>(
    sql`select user_id, endpoint, last_success_at, user_agent from push_subscriptions order by id`,
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => push.server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ pushServices: [push.origin()], pushRetryDelaysMs: [20, 40] });
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from users where email = ${FX.admin.email}) as admin,
           (select id from users where email = ${FX.tireman.email}) as tireman`);
  Object.assign(ids, u);
  mine = await uploadPhotos(t, tok.tireman, ['plate', 'odo', 'sign', 'driver'] as const);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => push.server.close(resolve));
});

describe('VAPID keys', () => {
  it('are made once and kept in the database: every process (and concurrent first ones) sends with one pair', async () => {
    const key = (await call(tok.tireman, 'GET', '/push/key')).json().public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await call(tok.staff, 'GET', '/push/key')).json().public_key).toBe(key);
    expect((await loadVapidKeys(t.database.db)).publicKey).toBe(key);
    // a database without keys yet, and three processes booting at once: one pair wins for all
    const [kept] = await q<{ value: string }>(sql`select value from server_secrets where name = 'vapid'`);
    await t.database.db.execute(sql`delete from server_secrets where name = 'vapid'`);
    const pairs = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.database.db)));
    expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1);
    expect(pairs[0]!.publicKey).not.toBe(key);
    // back to the pair this process loaded at boot
    await t.database.db.execute(sql`update server_secrets set value = ${kept!.value} where name = 'vapid'`);
  });
});

describe('subscriptions', () => {
  it("are the signed-in tire man's own, validated with Indonesian messages", async () => {
    const bad = await call(tok.tireman, 'POST', '/push/subscription', {
      endpoint: `${push.origin()}/send/x`,
      keys: { p256dh: 'abc', auth: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Kunci p256dh|Kunci auth/);
    // a push service that is not a known one: the server never posts there
    const elsewhere = await call(
      tok.tireman,
      'POST',
      '/push/subscription',
      phone.json('https://evil.example.com/x'),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain('Layanan notifikasi perangkat ini tidak dikenal');
    // nothing to test before subscribing
    expect((await call(tok.tireman, 'POST', '/push/test')).statusCode).toBe(409);

    const ok = await call(
      tok.tireman,
      'POST',
      '/push/subscription',
      phone.json(`${push.origin()}/send/tono`),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Notifikasi diaktifkan');
    expect(await subscriptions()).toMatchObject([
      { user_id: ids.tireman, endpoint: `${push.origin()}/send/tono`, user_agent: 'Pixel 7 Chrome' },
    ]);
    const status = (await call(tok.tireman, 'GET', '/push/status')).json();
    expect(status).toMatchObject({ subscribed: true, subscriptions: 1, last_delivery: null });
  });

  it("the office cannot subscribe (nor as someone else); nobody deletes another user's subscription", async () => {
    const other = browserKeys();
    const staff = await call(tok.staff, 'POST', '/push/subscription', {
      ...other.json(`${push.origin()}/send/staff`),
      user_id: ids.tireman,
    });
    expect(staff.statusCode).toBe(403);
    // the admin's subscription is his own, whatever the body says
    const admin = await call(tok.admin, 'POST', '/push/subscription', {
      ...other.json(`${push.origin()}/send/admin`),
      user_id: ids.tireman,
    });
    expect(admin.statusCode).toBe(200);
    expect((await subscriptions()).map((s) => [s.user_id, s.endpoint.split('/').pop()])).toEqual([
      [ids.tireman, 'tono'],
      [ids.admin, 'admin'],
    ]);
    const endpoint = encodeURIComponent(`${push.origin()}/send/tono`);
    const theirs = await call(tok.tireman2, 'DELETE', `/push/subscription?endpoint=${endpoint}`);
    expect(theirs.statusCode).toBe(404);
    expect((await call(tok.staff, 'DELETE', `/push/subscription?endpoint=${endpoint}`)).statusCode).toBe(403);
    expect(await subscriptions()).toHaveLength(2);
    const own = await call(
      tok.admin,
      'DELETE',
      `/push/subscription?endpoint=${encodeURIComponent(`${push.origin()}/send/admin`)}`,
    );
    expect(own.statusCode).toBe(200);
    expect((await subscriptions()).map((s) => s.user_id)).toEqual([ids.tireman]);
  });
});

describe('a returned check reaches the tire man by Web Push', () => {
  it('as an encrypted message with the plate, the reason and the returned list to open', async () => {
    const key = (await call(tok.tireman, 'GET', '/push/key')).json().public_key as string;
    push.received.length = 0;
    push.answerWith(() => 201);
    const id = await submitCheck();
    const ret = await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Foto odometer buram' });
    expect(ret.statusCode, ret.body).toBe(200);

    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5000 });
    const [msg] = push.received;
    expect(msg!.path).toBe('/send/tono');
    expect(msg!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(msg!.headers.ttl)).toBeGreaterThan(0);
    expect(msg!.headers.urgency).toBe('high');
    checkVapid(msg!.headers.authorization, key, push.origin());
    expect(JSON.parse(decrypt(msg!.body, phone.ecdh, phone.auth))).toEqual({
      kind: 'returned',
      title: `Pengecekan ${FX.engkel} dikembalikan`,
      body: 'Alasan: Foto odometer buram',
      url: `/lapangan/riwayat?status=returned&buka=tire-check-${id}`,
    });
    // who, what, when, result
    await vi.waitFor(async () =>
      expect(await deliveries()).toEqual([
        { status: 'sent', http_status: 201, attempts: 1, kind: 'returned', user_id: ids.tireman },
      ]),
    );
    expect((await subscriptions())[0]!.last_success_at).not.toBeNull();
    const status = (await call(tok.tireman, 'GET', '/push/status')).json();
    expect(status).toMatchObject({
      subscribed: true,
      last_delivery: { kind: 'returned', title: `Pengecekan ${FX.engkel} dikembalikan`, status: 'sent' },
    });
    expect(status.last_success_at).toEqual(expect.any(String));
  });

  it('a tire request approved or deleted by the office tells its tire man, naming the serial', async () => {
    push.received.length = 0;
    push.answerWith(() => 201);
    const ask = async (serial: string) => {
      const res = await call(tok.tireman, 'POST', '/tire/request', { serial_number: serial });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const kept = await ask('PUSH-REQ-1');
    const dropped = await ask('PUSH-REQ-2');
    // the request's arrival tells the office, not him
    expect((await call(tok.admin, 'POST', `/tire-request/${kept}/approve`)).statusCode).toBe(200);
    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5000 });
    expect((await call(tok.admin, 'DELETE', `/tire-request/${dropped}`)).statusCode).toBe(200);
    await vi.waitFor(() => expect(push.received).toHaveLength(2), { timeout: 5000 });
    const read = (i: number) => JSON.parse(decrypt(push.received[i]!.body, phone.ecdh, phone.auth));
    expect([read(0), read(1)]).toEqual([
      {
        kind: 'tire-request',
        title: 'Permintaan ban PUSH-REQ-1 disetujui',
        body: 'Ban sudah tercatat di stok',
        url: `/lapangan/riwayat?buka=tire-request-${kept}`,
      },
      {
        kind: 'tire-request',
        title: 'Permintaan ban PUSH-REQ-2 ditolak',
        body: 'Kantor menghapus permintaan ini',
        url: `/lapangan/riwayat?buka=tire-request-${dropped}`,
      },
    ]);
    // a check validated is no news to push (he sees it in Riwayat): the next message is a return's
    const { sign } = await uploadPhotos(t, tok.staff, ['sign'] as const);
    const validated = await submitCheck();
    const signed = await call(tok.staff, 'PATCH', `/tire-check/edpSign/${validated}`, { edp_sign: sign });
    expect(signed.statusCode, signed.body).toBe(200);
    const returned = await submitCheck();
    expect((await call(tok.staff, 'PUT', `/tire-check/${returned}`, { reason: 'Ulangi' })).statusCode).toBe(
      200,
    );
    await vi.waitFor(() => expect(push.received).toHaveLength(3), { timeout: 5000 });
    expect(read(2)).toMatchObject({ kind: 'returned' });
  });

  it('a breakdown call assigned to him reaches his phone: the unit, what happened, where and who called', async () => {
    push.received.length = 0;
    push.answerWith(() => 201);
    const made = await call(tok.staff, 'POST', '/storing', {
      unit_id: ids.engkel,
      cause: 'bocor',
      location_text: 'Pool Cikarang gerbang 2',
      caller_name: 'Pak Darto',
      caller_phone: '081234567890',
    });
    expect(made.statusCode, made.body).toBe(201);
    // logged only: nothing for anyone's phone yet
    await new Promise((r) => setTimeout(r, 100));
    expect(push.received).toHaveLength(0);
    const id = made.json().data.id as number;
    const assigned = await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: ids.tireman });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(decrypt(push.received[0]!.body, phone.ecdh, phone.auth))).toEqual({
      kind: 'storing',
      title: `Storing ${FX.engkel}: Bocor`,
      body: 'Pool Cikarang gerbang 2 · Pak Darto 081234567890',
      // the tap opens Beranda on the call's card
      url: `/lapangan/?panggilan=${id}`,
    });
  });

  it('a push service that hangs and then fails never holds up or fails the Return; it is retried, then recorded failed', async () => {
    await t.database.db.execute(sql`delete from push_deliveries`);
    push.received.length = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the first attempt hangs until the Return has replied; every attempt answers 500
    push.answerWith(async () => {
      await held;
      return 500;
    });
    const id = await submitCheck();
    const ret = await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Tekanan tidak wajar' });
    expect(ret.statusCode, ret.body).toBe(200);
    expect((await q<{ stage: string }>(sql`select stage from tire_checks where id = ${id}`))[0]!.stage).toBe(
      'returned',
    );
    // the Return answered while the push service had not answered anything
    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5000 });
    expect((await deliveries())[0]).toMatchObject({ status: 'pending' });
    release();
    // the first try and the two retries (config pushRetryDelaysMs)
    await vi.waitFor(async () => expect((await deliveries())[0]).toMatchObject({ status: 'failed' }), {
      timeout: 5000,
    });
    expect(await deliveries()).toEqual([
      { status: 'failed', http_status: 500, attempts: 3, kind: 'returned', user_id: ids.tireman },
    ]);
    expect(push.received).toHaveLength(3);
    // the subscription stays: a failing push service is not a gone subscription
    expect(await subscriptions()).toHaveLength(1);
  });

  it('a message a stopped process left pending is sent once more by one process, never twice; one past its TTL fails', async () => {
    await t.database.db.execute(sql`delete from push_deliveries`);
    push.received.length = 0;
    push.answerWith(() => 201);
    const payload = {
      kind: 'returned',
      title: 'Pengecekan B 1 X dikembalikan',
      body: 'Alasan: -',
      url: '/lapangan/',
    };
    // the process died after the first attempt failed: its retry timer went with it
    await t.database.db.execute(sql`
      insert into push_deliveries (user_id, kind, payload, status, attempts, error, created_at) values
        (${ids.tireman}, 'returned', ${JSON.stringify(payload)}::jsonb, 'pending', 1, '503 busy', now() - interval '1 hour'),
        (${ids.tireman}, 'returned', ${JSON.stringify(payload)}::jsonb, 'pending', 1, null, now() - interval '2 days'),
        (${ids.tireman}, 'returned', ${JSON.stringify(payload)}::jsonb, 'pending', 1, null, now())`);
    // two processes sweep at once: each stale row is taken up by one of them
    const taken = await Promise.all([t.app.push.sweepAbandoned(), t.app.push.sweepAbandoned()]);
    expect(taken[0]! + taken[1]!).toBe(2);
    await t.app.push.idle();
    expect(push.received).toHaveLength(1);
    expect(JSON.parse(decrypt(push.received[0]!.body, phone.ecdh, phone.auth))).toEqual(payload);
    expect(await deliveries()).toEqual([
      { status: 'sent', http_status: 201, attempts: 2, kind: 'returned', user_id: ids.tireman },
      { status: 'failed', http_status: null, attempts: 1, kind: 'returned', user_id: ids.tireman },
      // a recent one is still its own process's to retry
      { status: 'pending', http_status: null, attempts: 1, kind: 'returned', user_id: ids.tireman },
    ]);
    expect(await t.app.push.sweepAbandoned()).toBe(0);
    expect(push.received).toHaveLength(1);
    await t.database.db.execute(sql`delete from push_deliveries`);
  });

  it("410 from the push service removes the subscription and records the delivery 'expired'", async () => {
    await t.database.db.execute(sql`delete from push_deliveries`);
    push.received.length = 0;
    push.answerWith(() => 410);
    const test = await call(tok.tireman, 'POST', '/push/test');
    expect(test.statusCode).toBe(202);
    expect(test.json().message).toBe('Notifikasi uji dikirim');
    await vi.waitFor(async () => expect(await subscriptions()).toEqual([]), { timeout: 5000 });
    expect(JSON.parse(decrypt(push.received[0]!.body, phone.ecdh, phone.auth))).toMatchObject({
      kind: 'test',
      body: 'Notifikasi ITMS Lapangan aktif',
    });
    await vi.waitFor(async () =>
      expect(await deliveries()).toEqual([
        { status: 'expired', http_status: 410, attempts: 1, kind: 'test', user_id: ids.tireman },
      ]),
    );
    expect(push.received).toHaveLength(1); // an expired subscription is not retried
    const status = (await call(tok.tireman, 'GET', '/push/status')).json();
    expect(status).toMatchObject({
      subscribed: false,
      subscriptions: 0,
      last_delivery: { status: 'expired' },
    });
    // and a Return with no subscription left sends nothing, and still succeeds
    const id = await submitCheck();
    expect((await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Ulangi' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await deliveries()).at(-1)).toMatchObject({ status: 'failed' }));
    expect(push.received).toHaveLength(1);
  });
});

describe('a session ended from elsewhere', () => {
  const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tire-man/login', payload });
  const own = { email: FX.tireman2.email, password: FX.password };
  const endpointsOf = async (userId: number) =>
    (
      await q<{ endpoint: string }>(
        sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
      )
    ).map((s) => s.endpoint.split('/').pop());
  const messagesTo = (path: string, keys: ReturnType<typeof browserKeys>) =>
    push.received
      .filter((r) => r.path === path)
      .map((r) => JSON.parse(decrypt(r.body, keys.ecdh, keys.auth)));

  it('tells the phone it ended (taken over on another device, or by an admin), then that phone hears nothing more', async () => {
    const [{ id: userId }] = (await q<{ id: number }>(
      sql`select id from users where email = ${own.email}`,
    )) as [{ id: number }];
    push.answerWith(() => 201);
    push.received.length = 0;
    // phone A signs in (its own device id) and turns notifications on
    const phoneA = browserKeys();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man-logout',
      headers: { access_token: tok.tireman2 },
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    const a = await login({ ...own, device_id: 'phone-a-0001' });
    expect(a.statusCode, a.body).toBe(200);
    const tokenA = a.json().access_token as string;
    const sub = await call(
      tokenA,
      'POST',
      '/push/subscription',
      phoneA.json(`${push.origin()}/send/phone-a`),
    );
    expect(sub.statusCode, sub.body).toBe(200);

    // the same phone signing in again keeps its notifications, and is not told anything
    const again = await login({ ...own, device_id: 'phone-a-0001' });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.push.idle();
    expect(messagesTo('/send/phone-a', phoneA)).toEqual([]);
    expect(await endpointsOf(userId)).toEqual(['phone-a']);
    const tokenA2 = again.json().access_token as string;
    expect((await call(tokenA2, 'GET', '/push/status')).json()).toMatchObject({
      subscribed: true,
      subscriptions: 1,
    });

    // phone B takes the account over ('Keluarkan sesi lain'): phone A is told, once, and forgotten
    const b = await login({ ...own, device_id: 'phone-b-0002', takeover: true });
    expect(b.statusCode, b.body).toBe(200);
    await vi.waitFor(() => expect(messagesTo('/send/phone-a', phoneA)).toHaveLength(1), { timeout: 5000 });
    expect(messagesTo('/send/phone-a', phoneA)[0]).toEqual({
      kind: 'session-ended',
      title: 'Sesi ITMS Lapangan berakhir',
      body: 'Akun Anda masuk di perangkat lain atau dikeluarkan oleh admin. Masuk lagi untuk melanjutkan.',
      url: '/lapangan/login',
    });
    await t.app.push.idle();
    expect(await endpointsOf(userId)).toEqual([]);
    const [ended] = await q<{ status: string; kind: string }>(
      sql`select status, kind from push_deliveries where user_id = ${userId} order by id desc limit 1`,
    );
    expect(ended).toEqual({ status: 'sent', kind: 'session-ended' });

    // phone B turns notifications on; the admin signs the tire man out: phone B is told
    const tokenB = b.json().access_token as string;
    const phoneB = browserKeys();
    expect(
      (await call(tokenB, 'POST', '/push/subscription', phoneB.json(`${push.origin()}/send/phone-b`)))
        .statusCode,
    ).toBe(200);
    const out = await call(tok.admin, 'POST', `/tire-man/${userId}/force-logout`);
    expect(out.statusCode, out.body).toBe(200);
    await vi.waitFor(() => expect(messagesTo('/send/phone-b', phoneB)).toHaveLength(1), { timeout: 5000 });
    expect(messagesTo('/send/phone-b', phoneB)[0]).toMatchObject({ kind: 'session-ended' });
    await t.app.push.idle();
    expect(await endpointsOf(userId)).toEqual([]);
    expect(messagesTo('/send/phone-a', phoneA)).toHaveLength(1);
    tok.tireman2 = await t.login(own.email);
  });

  it("a subscription left by a session that simply ended is not sent the tire man's notices", async () => {
    const [{ id: userId }] = (await q<{ id: number }>(
      sql`select id from users where email = ${own.email}`,
    )) as [{ id: number }];
    push.answerWith(() => 201);
    push.received.length = 0;
    const phone = browserKeys();
    expect(
      (await call(tok.tireman2, 'POST', '/push/subscription', phone.json(`${push.origin()}/send/idle`)))
        .statusCode,
    ).toBe(200);
    // the session ends by itself (idle): no notice of it, and nothing more reaches that phone
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`,
    );
    expect((await call(tok.admin, 'GET', '/push/status')).statusCode).toBe(200);
    t.app.push.notifyUser(userId, { kind: 'test', title: 'x', body: 'y', url: '/lapangan/' });
    await t.app.push.idle();
    expect(messagesTo('/send/idle', phone)).toEqual([]);
    tok.tireman2 = await t.login(own.email);
    expect((await call(tok.tireman2, 'GET', '/push/status')).json()).toMatchObject({
      subscribed: false,
      subscriptions: 0,
    });
  });
});
