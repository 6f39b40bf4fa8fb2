import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../test/helpers';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { signedFileUrl, uploadPhoto } from '../../test/uploads';
import { rowsOf } from '../db/client';
import { purgeIdempotencyKeys } from './idempotency';

let t: TestApp;
const tok = { tireman: '', tireman2: '' };
const ids = { tronton: 0, location: 0 };

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}
const checksOf = async (odometer: number) =>
  Number(
    (await q<{ n: number }>(sql`select count(*)::int as n from tire_checks where odometer = ${odometer}`))[0]!
      .n,
  );

beforeAll(async () => {
  t = await createTestApp();
  tok.tireman = await t.login(FX.tireman.email);
  tok.tireman2 = await t.login(FX.tireman2.email);
  const [u] = await q<{ tronton: number; location: number }>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from locations where name = ${FX.location}) as location`);
  Object.assign(ids, u);
});
afterAll(() => t?.close());

/** A two-tire check of the tronton; the odometer tells the tests' checks apart. */
const checkBody = (odometer: number) => ({
  unit_id: ids.tronton,
  location_id: ids.location,
  odometer,
  records: [1, 2].map((n) => ({
    position: String(n),
    serial_number: FX.installedSerial(n),
    groove_1: 9,
    groove_2: 9,
    groove_3: 9,
    groove_4: 9,
    pressure: 100,
  })),
});

const postCheck = (token: string, body: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tire-check',
    headers: { access_token: token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });

describe('Idempotency-Key on field writes', () => {
  it('a replay returns the first reply and the same id, and stores one check', async () => {
    const first = await postCheck(tok.tireman, checkBody(111_001), 'key-replay-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await postCheck(tok.tireman, checkBody(111_001), 'key-replay-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await checksOf(111_001)).toBe(1);
  });

  it('the same key with another body is refused with 422 and creates nothing', async () => {
    expect((await postCheck(tok.tireman, checkBody(111_002), 'key-reused')).statusCode).toBe(201);
    const other = await postCheck(tok.tireman, checkBody(111_003), 'key-reused');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Kunci pengiriman sudah dipakai untuk data lain',
    });
    expect(await checksOf(111_003)).toBe(0);
  });

  it('16 concurrent requests with one key make exactly one check', async () => {
    const replies = await Promise.all(
      Array.from({ length: 16 }, () => postCheck(tok.tireman, checkBody(111_004), 'key-concurrent')),
    );
    const statuses = replies.map((r) => r.statusCode);
    // PostgreSQL tells a request that came while the first one ran (409); PGlite queues it and replays
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    const created = replies.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    for (const r of replies.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({
        code: 'IDEMPOTENCY_IN_FLIGHT',
        message: 'Data yang sama sedang diproses',
      });
    }
    expect(await checksOf(111_004)).toBe(1);
    // whatever was told to wait, a later retry gets the stored reply
    const later = await postCheck(tok.tireman, checkBody(111_004), 'key-concurrent');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).toBe(created[0]!.json().id);
  });

  it('without a key nothing is deduplicated', async () => {
    expect((await postCheck(tok.tireman, checkBody(111_005))).statusCode).toBe(201);
    expect((await postCheck(tok.tireman, checkBody(111_005))).statusCode).toBe(201);
    expect(await checksOf(111_005)).toBe(2);
  });

  it('a refused write stores no key: the corrected body goes through under the same key', async () => {
    const bad = await postCheck(tok.tireman, { ...checkBody(111_006), unit_id: 999_999 }, 'key-fix');
    expect(bad.statusCode).toBe(400);
    const fixed = await postCheck(tok.tireman, checkBody(111_006), 'key-fix');
    expect(fixed.statusCode).toBe(201);
    expect(await checksOf(111_006)).toBe(1);
  });

  it('keys belong to their user: another tire man with the same key gets his own check', async () => {
    const a = await postCheck(tok.tireman, checkBody(111_007), 'key-shared');
    const b = await postCheck(tok.tireman2, checkBody(111_007), 'key-shared');
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    expect(await checksOf(111_007)).toBe(2);
  });

  it('refuses a key that is not 1-255 visible characters', async () => {
    const res = await postCheck(tok.tireman, checkBody(111_008), 'has space');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Header Idempotency-Key harus 1-255 karakter tanpa spasi');
    expect((await postCheck(tok.tireman, checkBody(111_008), 'x'.repeat(256))).statusCode).toBe(400);
    expect(await checksOf(111_008)).toBe(0);
  });

  it('a retried upload gets the same path and stores one file owned by its uploader', async () => {
    const send = (key: string) => {
      const mp = multipartFile('image', 'odo.png', TINY_PNG, 'image/png');
      return t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { access_token: tok.tireman, 'idempotency-key': key, ...mp.headers },
        payload: mp.payload,
      });
    };
    const first = await send('upload-key-1');
    expect(first.statusCode).toBe(201);
    const again = await send('upload-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().awsImage).toBe(first.json().awsImage);
    const owners = await q<{ user_id: number; email: string }>(
      sql`select u.user_id, us.email from uploads u join users us on us.id = u.user_id where u.path = ${first.json().awsImage}`,
    );
    expect(owners.map((o) => o.email)).toEqual([FX.tireman.email]);
    const files = await t.app.inject({
      method: 'GET',
      url: await signedFileUrl(t, tok.tireman, first.json().awsImage),
    });
    expect(files.statusCode).toBe(200);
  });

  it('every field write of the issue replays instead of writing twice', async () => {
    const staff = await t.login(FX.staff.email);
    const count = async (table: string) =>
      Number((await q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
    const audits = (action: string) =>
      q<{ n: number }>(sql`select count(*)::int as n from audit_log where action = ${action}`).then((r) =>
        Number(r[0]!.n),
      );
    const send = (
      method: 'POST' | 'PUT' | 'PATCH',
      url: string,
      payload: object,
      key: string,
      token = tok.tireman,
    ) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: { access_token: token, 'idempotency-key': key },
        payload,
      });
    // a check returned by the office, to resubmit; and one the PIC signs
    const returned = (await postCheck(tok.tireman, checkBody(111_010))).json().id as number;
    const ret = await t.app.inject({
      method: 'PUT',
      url: `/api/tire-check/${returned}`,
      headers: { access_token: staff },
      payload: { reason: 'Foto odometer buram' },
    });
    expect(ret.statusCode, ret.body).toBe(200);
    const toSign = (await postCheck(tok.tireman, checkBody(111_011))).json().id as number;
    const [plate, odo, sign, picSign] = await Promise.all(
      [1, 2, 3, 4].map(() => uploadPhoto(t, tok.tireman)),
    );

    const writes: {
      name: string;
      method: 'POST' | 'PUT' | 'PATCH';
      url: string;
      body: object;
      rows: () => Promise<number>;
    }[] = [
      {
        name: 'replacement',
        method: 'POST',
        url: '/tire-replacement',
        body: {
          unit_id: ids.tronton,
          location_id: ids.location,
          odometer: 111_012,
          spk: 'SPK-IDEM',
          plate_number_url: plate,
          odometer_url: odo,
          tireman_sign: sign,
          records: [
            {
              position: '1',
              status: 'replace',
              serial_number: FX.stockSerial(9),
              groove_1: 15,
              groove_2: 15,
              groove_3: 15,
              groove_4: 15,
              pressure: 100,
            },
          ],
        },
        rows: () => count('tire_replacements'),
      },
      {
        name: 'BKB',
        method: 'POST',
        url: '/mismatch',
        body: {
          unit_id: ids.tronton,
          location_id: ids.location,
          category: 'Nomor seri tidak sesuai',
          positions: [{ position: '1', found_serial: 'X-IDEM-1' }],
        },
        rows: () => count('mismatches'),
      },
      {
        name: 'QC',
        method: 'POST',
        url: '/qccheck',
        body: {
          unit_id: ids.tronton,
          location_id: ids.location,
          name_qc: 'Qori QC',
          checks: Array.from({ length: 14 }, () => Array.from({ length: 14 }, () => true)),
        },
        rows: () => count('qc_checks'),
      },
      {
        name: 'new-tire request',
        method: 'POST',
        url: '/tire/request',
        body: { serial_number: 'REQ-IDEM-1', ir_brand: 'GAJAH TUNGGAL', size: '11.00-20' },
        rows: () => count('tire_requests'),
      },
      {
        name: 'check resubmit',
        method: 'PUT',
        url: `/tire-check/${returned}/resubmit`,
        body: { pic_name: 'Pak Budi' },
        rows: () => audits('resubmit'),
      },
      {
        name: 'PIC signature',
        method: 'PATCH',
        url: `/tire-check/picSign/${toSign}`,
        body: { pic_sign: picSign, pic_name: 'Bu Sari' },
        rows: () => audits('pic-sign'),
      },
    ];
    for (const w of writes) {
      const before = await w.rows();
      const first = await send(w.method, w.url, w.body, `every-${w.name.replaceAll(' ', '-')}`);
      expect(first.statusCode, `${w.name}: ${first.body}`).toBeLessThan(300);
      const again = await send(w.method, w.url, w.body, `every-${w.name.replaceAll(' ', '-')}`);
      expect(again.statusCode, w.name).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed'], w.name).toBe('true');
      expect(again.json(), w.name).toEqual(first.json());
      expect(await w.rows(), w.name).toBe(before + 1);
    }
  });

  it('keeps a key as long as the phone retries on its own (59 days), and forgets it after 60', async () => {
    const first = await postCheck(tok.tireman, checkBody(111_009), 'key-59-days');
    expect(first.statusCode).toBe(201);
    await postCheck(tok.tireman, checkBody(111_010), 'key-old');
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '59 days' where key = 'key-59-days'`,
    );
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '61 days' where key = 'key-old'`,
    );
    expect(await purgeIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await q(sql`select 1 from idempotency_keys where key = 'key-old'`)).toHaveLength(0);
    expect(await q(sql`select 1 from idempotency_keys where key = 'key-replay-1'`)).toHaveLength(1);
    // a phone that lost the reply 59 days ago still gets it, and the check is stored once
    const again = await postCheck(tok.tireman, checkBody(111_009), 'key-59-days');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await checksOf(111_009)).toBe(1);
  });
});
