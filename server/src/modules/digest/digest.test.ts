// The daily WhatsApp digest (issue 39, item 3), against a real local HTTP stand-in of the gateway:
// the numbers equal a recount from the tables, the day goes out once however many processes tick,
// and a failing gateway is retried, recorded, and changes nothing else.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { digestDayLabel } from '@itms/contracts/digest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyTestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { type Config, ConfigError, loadConfig, testConfig } from '../../config';
import { type Database, openPostgres, rowsOf } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { seedDemoIfEmpty } from '../../db/seed/seed';
import { localStorage } from '../../lib/storage';

const TZ = 'Asia/Jakarta';

/** The gateway stand-in: every POST it got, and how it answers the next ones. */
const gateway = {
  server: http.createServer(),
  url: '',
  calls: [] as { phone: string; message: string; status: number }[],
  status: 200,
  delayMs: 0,
};
gateway.server.on('request', (req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const status = gateway.status;
    setTimeout(() => {
      gateway.calls.push({ ...(JSON.parse(body) as { phone: string; message: string }), status });
      res.statusCode = status;
      res.end(status === 200 ? '{"ok":true}' : 'gateway down');
    }, gateway.delayMs);
  });
});

let dir: string;
let database: Database;
let app: FastifyInstance;
let token: string;

function digestConfig(over: Partial<Config['digest']> = {}): Config {
  const base = testConfig({ dataDir: dir, waGatewayUrl: gateway.url, timezone: TZ });
  return {
    ...base,
    storage: { ...base.storage, localDir: path.join(dir, 'uploads') },
    webDist: path.join(dir, 'no-web-dist'),
    // the scheduler's own interval stays off here: the tests tick it with a chosen clock
    digest: { ...base.digest, enabled: false, retryDelaysMs: [20, 40], ...over },
  };
}

/**
 * Another server process on the same database, the gateway from WA_GATEWAY_URL as in production;
 * on PostgreSQL with its own connection pool, as a second process has.
 */
const startProcess = async (over: Partial<Config['digest']> = {}, ownPool = false) => {
  const url = database.pool?.options.connectionString;
  const own = ownPool && url ? openPostgres(url, 4) : null;
  const a = await buildApp({
    config: digestConfig(over),
    database: own ?? database,
    storage: localStorage(path.join(dir, 'uploads')),
  });
  await a.ready();
  if (own) ownDatabases.set(a, own);
  return a;
};

/** A process's database connections end after the app (its socket.io adapter holds one until then). */
const ownDatabases = new Map<FastifyInstance, Database>();
const stopProcess = async (a: FastifyInstance) => {
  await a.close();
  await ownDatabases.get(a)?.close();
};

/** A moment given as Jakarta wall-clock time. */
const jakarta = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);
/** yyyy-mm-dd in Jakarta, `offset` days from today. */
const jakartaDay = (offset = 0) =>
  new Date(Date.now() + 7 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q))[0]!;

/** Every table but the digest's own: its row count and a hash of its rows. */
async function everythingElse(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'
      and tablename not in ('daily_digests', 'digest_deliveries') order by 1`),
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const r = await one<{ n: number; h: string | null }>(
      sql.raw(
        `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`,
      ),
    );
    out[name] = `${r.n} ${r.h}`;
  }
  return out;
}

const recipientsRecount = async () =>
  rowsOf<{ phone: string }>(
    await database.db.execute(
      sql`select btrim(phone) as phone from users where role = 'admin' and btrim(phone) <> '' order by id`,
    ),
  ).map((r) => r.phone);

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/send`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-digest-'));
  database = await openEmptyTestDatabase();
  app = await startProcess();
  await seedDemoIfEmpty(database.db, localStorage(path.join(dir, 'uploads')), app.log);
  // yesterday (Jakarta) in detail, at its edges: checks counted, validated, returned (not counted
  // again), one just after midnight that belongs to today; Returns of yesterday, of the day
  // before, and of a document deleted since (left out, as the 'Dikembalikan' view leaves it)
  const y = jakartaDay(-1);
  const t = jakartaDay(0);
  await database.db.execute(sql`
    with src as (select unit_id, plate_number, tireman_id, location_id, odometer from tire_checks limit 1)
    insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at,
                             status, stage, edp_sign, returned_at, return_reason)
    select s.unit_id, s.plate_number, s.tireman_id, s.location_id, s.odometer, v.at::timestamptz,
           v.status, v.stage, v.edp, v.ret::timestamptz, v.reason
      from src s, (values
        (${`${y}T00:00:00+07:00`}, 'approved', 'validated', 'sig.png', null, null),
        (${`${y}T12:00:00+07:00`}, 'pending', 'sent', '-', null, null),
        (${`${y}T23:59:00+07:00`}, 'approved', 'validated', 'sig.png', null, null),
        (${`${y}T10:00:00+07:00`}, 'pending', 'returned', '-', ${`${y}T15:00:00+07:00`}, 'Foto buram'),
        (${`${t}T00:00:00+07:00`}, 'pending', 'sent', '-', null, null)
      ) as v(at, status, stage, edp, ret, reason)`);
  await database.db.execute(sql`
    insert into submission_returns (kind, record_id, reason, returned_at)
    values ('tire-check', (select max(id) from tire_checks), 'Foto buram', ${`${y}T00:00:00+07:00`}::timestamptz),
           ('tire-replacement', (select min(id) from tire_replacements), 'Ban salah', ${`${y}T23:59:59+07:00`}::timestamptz),
           ('tire-check', (select min(id) from tire_checks), 'Kemarin lusa', ${`${y}T00:00:00+07:00`}::timestamptz - interval '1 second'),
           ('tire-check', 2147483000, 'Sudah dihapus', ${`${y}T09:00:00+07:00`}::timestamptz)`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/tire-man/login',
    payload: { email: 'admin@itms.local', password: DEMO_PASSWORD },
  });
  token = login.json().access_token;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((r) => gateway.server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the daily digest', () => {
  it("says yesterday's numbers, equal to a recount from the tables, in one Indonesian message", async () => {
    const y = jakartaDay(-1);
    // an open breakdown call and a closed one: the digest counts the open
    const unit = await one<{ id: number }>(sql`select id from units order by id limit 1`);
    await database.db.execute(sql`
      insert into breakdown_calls (unit_id, cause, location_text, caller_name, caller_phone, status)
      values (${unit.id}, 'bocor', 'Pool', 'Driver', '0812345678', 'en_route'),
             (${unit.id}, 'bocor', 'Pool', 'Driver', '0812345678', 'done')`);
    const calls = await one<{ n: number }>(
      sql`select count(*)::int as n from breakdown_calls where status not in ('done', 'cancelled')`,
    );
    expect(calls.n).toBeGreaterThan(0);
    const res = await app.inject({
      method: 'GET',
      url: '/api/digest/preview',
      headers: { access_token: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    const checks = await one<{ n: number; approved: number }>(sql`
      select count(*)::int as n, count(*) filter (where status = 'approved')::int as approved from tire_checks
       where performed_at >= ${`${y}T00:00:00+07:00`}::timestamptz
         and performed_at < ${`${y}T00:00:00+07:00`}::timestamptz + interval '1 day'
         and returned_at is null`);
    const returns = await one<{ n: number }>(sql`
      select count(*)::int as n from submission_returns r
       where r.returned_at >= ${`${y}T00:00:00+07:00`}::timestamptz
         and r.returned_at < ${`${y}T00:00:00+07:00`}::timestamptz + interval '1 day'
         and ((r.kind = 'tire-check' and r.record_id in (select id from tire_checks))
           or (r.kind = 'tire-replacement' and r.record_id in (select id from tire_replacements)))`);
    const alerts = await app.inject({
      method: 'GET',
      url: '/api/tire-intelligence/alerts/summary',
      headers: { access_token: token },
    });
    expect(checks.n).toBeGreaterThanOrEqual(3); // the ones added above, at both ends of the day
    expect(returns.n).toBeGreaterThanOrEqual(2);
    expect(alerts.json().total).toBeGreaterThan(0); // the demo fleet has critical tires
    expect(preview).toMatchObject({
      day: y,
      counts: {
        checks: checks.n,
        validated: checks.approved,
        returned: returns.n,
        critical: alerts.json().total,
        openCalls: calls.n,
      },
      sent: false,
    });
    const fmt = (n: number) => new Intl.NumberFormat('id-ID').format(n);
    expect(preview.message).toBe(
      [
        `Ringkasan ITMS ${digestDayLabel(y)}`,
        `Pengecekan: ${fmt(checks.n)} (${fmt(checks.approved)} divalidasi)`,
        `Dikembalikan: ${fmt(returns.n)}`,
        `Ban kritis: ${fmt(alerts.json().total)}`,
        `Storing terbuka: ${fmt(calls.n)}`,
      ].join('\n'),
    );
    expect(preview.recipients.map((r: { phone: string }) => r.phone)).toEqual(await recipientsRecount());
  });

  it('names the day in Indonesian', () => {
    expect(digestDayLabel('2026-12-04')).toBe('Jumat, 4 Desember 2026');
  });

  it('sends it after the reply to each admin with a phone, records each send, and once per day across processes', async () => {
    const phones = await recipientsRecount();
    expect(phones.length).toBeGreaterThan(0);
    gateway.calls.length = 0;
    gateway.delayMs = 300; // a slow gateway: the reply does not wait for it
    const res = await app.inject({
      method: 'POST',
      url: '/api/digest/send-now',
      headers: { access_token: token },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      message: `Ringkasan harian sedang dikirim ke ${phones.length} penerima`,
      day: jakartaDay(-1),
      recipients: phones.length,
    });
    expect(gateway.calls).toEqual([]);
    await app.digest.idle();
    gateway.delayMs = 0;
    const [digest] = rowsOf<{ message: string; trigger: string }>(
      await database.db.execute(
        sql`select message, trigger from daily_digests where day = ${jakartaDay(-1)}`,
      ),
    );
    expect(digest!.trigger).toBe('manual');
    expect(digest!.message.startsWith('Ringkasan ITMS ')).toBe(true);
    expect(gateway.calls.map((c) => c.phone).sort()).toEqual([...phones].sort());
    for (const c of gateway.calls) expect(c.message).toBe(digest!.message);
    const deliveries = rowsOf<{ phone: string; status: string; attempts: number; sent_at: Date | null }>(
      await database.db.execute(
        sql`select phone, status, attempts, sent_at from digest_deliveries where day = ${jakartaDay(-1)}`,
      ),
    );
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(phones.map(() => ['sent', 1]));
    expect(deliveries.every((d) => d.sent_at)).toBe(true);

    // the same day again: by hand, by this process's schedule, by another process's
    const again = await app.inject({
      method: 'POST',
      url: '/api/digest/send-now',
      headers: { access_token: token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DIGEST_ALREADY_SENT' });
    const other = await startProcess({ enabled: true }, true);
    try {
      expect(await app.digest.runDue(jakarta(jakartaDay(0), '07:00'))).toBe(false);
      expect(await other.digest.runDue(jakarta(jakartaDay(0), '23:59'))).toBe(false);
      // two processes reaching the next day's time together: one of them sends it
      const next = jakartaDay(1);
      const both = await Promise.all([
        app.digest.runDue(jakarta(next, '07:00')),
        other.digest.runDue(jakarta(next, '07:00')),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      await Promise.all([app.digest.idle(), other.digest.idle()]);
      expect(gateway.calls).toHaveLength(phones.length * 2);
      const preview = await app.inject({
        method: 'GET',
        url: '/api/digest/preview',
        headers: { access_token: token },
      });
      expect(preview.json().sent).toBe(true);
    } finally {
      await stopProcess(other);
    }
  });

  it('waits for DIGEST_TIME in APP_TIMEZONE', async () => {
    const day = jakartaDay(3);
    const p = await startProcess({ time: '07:30' });
    try {
      expect(await p.digest.runDue(jakarta(day, '07:29'))).toBe(false);
      const claimed = await one<{ n: number }>(
        sql`select count(*)::int as n from daily_digests where day = ${jakartaDay(2)}`,
      );
      expect(claimed.n).toBe(0);
      expect(await p.digest.runDue(jakarta(day, '07:30'))).toBe(true);
      await p.digest.idle();
      const [row] = rowsOf<{ trigger: string }>(
        await database.db.execute(sql`select trigger from daily_digests where day = ${jakartaDay(2)}`),
      );
      expect(row?.trigger).toBe('schedule');
    } finally {
      await p.close();
    }
  });

  it('retries a failing gateway with backoff, records the failure, and changes nothing else', async () => {
    const phones = await recipientsRecount();
    const before = await everythingElse();
    gateway.calls.length = 0;
    gateway.status = 500;
    const day = jakartaDay(10);
    let claimed: boolean;
    try {
      claimed = await app.digest.runDue(jakarta(day, '08:00'));
      await app.digest.idle();
    } finally {
      gateway.status = 200;
    }
    expect(claimed).toBe(true);
    // the first attempt and the two retries of testConfig's delays, to each recipient
    expect(gateway.calls).toHaveLength(phones.length * 3);
    expect(gateway.calls.every((c) => c.status === 500)).toBe(true);
    const deliveries = rowsOf<{ status: string; attempts: number; error: string; sent_at: Date | null }>(
      await database.db.execute(
        sql`select status, attempts, error, sent_at from digest_deliveries where day = ${jakartaDay(9)}`,
      ),
    );
    expect(deliveries).toHaveLength(phones.length);
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: 'failed', attempts: 3 });
      expect(d.error).toContain('500');
      expect(d.sent_at).not.toBeNull();
    }
    expect(await everythingElse()).toEqual(before);
    // the server still answers, and the day is not sent again
    expect(await app.digest.runDue(jakarta(day, '09:00'))).toBe(false);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('stops its retries when the app closes, recording the messages as failed', async () => {
    const p = await startProcess({ retryDelaysMs: [60_000] });
    gateway.status = 500;
    try {
      const day = jakartaDay(20);
      expect(await p.digest.runDue(jakarta(day, '08:00'))).toBe(true);
      // the first attempt has failed and the retry waits a minute
      for (let i = 0; i < 200; i++) {
        const r = await one<{ n: number }>(
          sql`select count(*)::int as n from digest_deliveries where day = ${jakartaDay(19)} and attempts = 1`,
        );
        if (r.n === (await recipientsRecount()).length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const started = Date.now();
      await p.close();
      expect(Date.now() - started).toBeLessThan(5000);
      const rows = rowsOf<{ status: string; attempts: number }>(
        await database.db.execute(
          sql`select status, attempts from digest_deliveries where day = ${jakartaDay(19)}`,
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r).toEqual({ status: 'failed', attempts: 1 });
    } finally {
      gateway.status = 200;
    }
  });

  it('is for admins only', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email: 'tireman@itms.local', password: DEMO_PASSWORD },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/digest/preview',
      headers: { access_token: login.json().access_token },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the digest settings', () => {
  it('are on with a WhatsApp gateway, at 07:00, for admins; DIGEST_ENABLED decides either way', () => {
    expect(loadConfig({}).digest).toMatchObject({ enabled: false, time: '07:00', roles: ['admin'] });
    const gw = { WA_GATEWAY_URL: 'https://wa.example.com/send' };
    expect(loadConfig(gw).digest.enabled).toBe(true);
    expect(loadConfig({ ...gw, DIGEST_ENABLED: 'false' }).digest.enabled).toBe(false);
    expect(loadConfig({ DIGEST_ENABLED: 'true' }).digest.enabled).toBe(true);
    expect(loadConfig({ DIGEST_TIME: '18:45', DIGEST_ROLES: 'admin, staff' }).digest).toMatchObject({
      time: '18:45',
      roles: ['admin', 'staff'],
    });
  });

  it('refuse a time that is not HH:MM and a role that is not an office role', () => {
    for (const env of [{ DIGEST_TIME: '7:00' }, { DIGEST_TIME: '24:00' }, { DIGEST_ROLES: 'tire-man' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});
