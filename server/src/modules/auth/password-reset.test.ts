// Issue 24, findings 4-6: reset links, forgot-password enumeration and limits, the password policy.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD_MESSAGES } from '@itms/contracts/password';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  FX,
  fixtureDatabaseForProcess,
  openTestDatabase,
  REPO_ROOT,
  type TestApp,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { type Config, ConfigError, loadConfig, testConfig } from '../../config';
import { rowsOf } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// each case starts with no forgot-password request counted against any number or address
beforeEach(async () => {
  await t.database.db.execute(sql`delete from login_failures where key like 'reset-%'`);
});

const TOO_COMMON = 'Password ini terlalu umum dan mudah ditebak, pilih password lain';
const WA_INVALID = 'Tolong tulis nomor WA dengan benar';

// every request comes from its own address unless a case says otherwise: the number alone is limited
let lastAddress = 0;
const freshAddress = () => `198.51.100.${++lastAddress}`;

const forgot = (phone: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/tire-man/forgot-password', payload: { phone }, remoteAddress });

const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/tire-man/reset-password', payload: { token, password } });

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/tire-man/login', payload: { email, password } });

/** Asks for a link for this number and returns the token of the WhatsApp message it sent. */
async function linkFor(phone: string): Promise<string> {
  const before = t.whatsappOutbox.length;
  const res = await forgot(phone);
  expect(res.statusCode).toBe(200);
  expect(t.whatsappOutbox.length).toBe(before + 1);
  return t.whatsappOutbox.at(-1)!.text.split('token=')[1]!;
}

async function idOf(email: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`select id from users where email = ${email}`),
  );
  return row!.id;
}

async function logout(token: string): Promise<void> {
  await t.app.inject({ method: 'POST', url: '/api/tire-man-logout', headers: { access_token: token } });
}

describe('reset links (finding 4)', () => {
  it('a new request replaces the old link: only the newest works, and only once', async () => {
    const links = [];
    for (let i = 0; i < 3; i++) links.push(await linkFor('081100000004'));
    expect(new Set(links).size).toBe(3);
    // the oldest and the middle one no longer work (before: every one of them did)
    for (const old of links.slice(0, 2)) {
      const res = await reset(old, 'ban-baru-dari-link-lama');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'RESET_TOKEN_INVALID',
        message: 'Tautan reset password tidak berlaku atau sudah kedaluwarsa',
      });
    }
    expect((await login(FX.tireman.email, 'ban-baru-dari-link-lama')).statusCode).toBe(401);
    const newest = links[2]!;
    expect((await reset(newest, 'ban-baru-dari-link-baru')).statusCode).toBe(200);
    expect((await reset(newest, 'ban-baru-dipakai-lagi')).statusCode).toBe(400);
    const res = await login(FX.tireman.email, 'ban-baru-dari-link-baru');
    expect(res.statusCode).toBe(200);
    await logout(res.json().access_token);
  });

  it('a password changed in the profile ends the links sent before', async () => {
    const link = await linkFor('081100000002');
    const token = await t.login(FX.staff.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: { access_token: token },
      payload: { current_password: FX.password, new_password: 'profil-baru-2026' },
    });
    expect(changed.statusCode).toBe(200);
    await logout(token);
    expect((await reset(link, 'dari-link-sesudahnya')).statusCode).toBe(400);
    expect((await login(FX.staff.email, 'dari-link-sesudahnya')).statusCode).toBe(401);
    const res = await login(FX.staff.email, 'profil-baru-2026');
    expect(res.statusCode).toBe(200);
    await logout(res.json().access_token);
  });

  it("a password set by an admin ends the user's links", async () => {
    const link = await linkFor('081100000005');
    const admin = await t.login(FX.admin.email);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/tire-man/${await idOf(FX.tireman2.email)}`,
      headers: { access_token: admin },
      payload: {
        name: FX.tireman2.name,
        email: FX.tireman2.email,
        phone: '081100000005',
        role: 'tire-man',
        password: 'dari-admin-2026',
      },
    });
    expect(edited.statusCode).toBe(200);
    await logout(admin);
    expect((await reset(link, 'dari-link-sesudahnya')).statusCode).toBe(400);
    const res = await login(FX.tireman2.email, 'dari-admin-2026');
    expect(res.statusCode).toBe(200);
    await logout(res.json().access_token);
  });

  it('a link works PASSWORD_RESET_MINUTES (30 by default), then no more', async () => {
    expect(loadConfig({}).passwordResetMinutes).toBe(30);
    expect(loadConfig({ PASSWORD_RESET_MINUTES: '15' }).passwordResetMinutes).toBe(15);
    expect(() => loadConfig({ PASSWORD_RESET_MINUTES: '0' })).toThrow(ConfigError);

    const link = await linkFor('081100000003');
    expect(t.whatsappOutbox.at(-1)!.text).toContain('berlaku 30 menit');
    const [row] = rowsOf<{ minutes: number }>(
      await t.database.db.execute(
        sql`select extract(epoch from expires_at - created_at) / 60 as minutes from password_resets
            where user_id = ${await idOf(FX.staff2.email)} and used_at is null`,
      ),
    );
    expect(Math.round(Number(row!.minutes))).toBe(30);
    // 31 minutes later
    await t.database.db.execute(
      sql`update password_resets set expires_at = expires_at - interval '31 minutes', created_at = created_at - interval '31 minutes'
          where used_at is null`,
    );
    expect((await reset(link, 'terlambat-sekali-1')).statusCode).toBe(400);
  });

  it('the link token never reaches the access log', async () => {
    const lines: string[] = [];
    const base = testConfig();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-reset-log-'));
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const config: Config = {
      ...base,
      dataDir,
      webDist,
      storage: { ...base.storage, localDir: path.join(dataDir, 'uploads') },
      logLevel: 'info',
    };
    const database = await openTestDatabase();
    const sent: string[] = [];
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({
        config,
        database,
        whatsapp: { send: async (_phone, text) => void sent.push(text) },
        logStream: { write: (line: string) => void lines.push(line) },
      });
      await app.ready();
      const asked = await app.inject({
        method: 'POST',
        url: '/api/tire-man/forgot-password',
        payload: { phone: '081100000001' },
      });
      expect(asked.statusCode).toBe(200);
      const token = sent[0]!.split('token=')[1]!;
      // the WhatsApp link opens the page (the page then sends the token in a body)
      const page = await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
      expect(page.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: `/reset-password?lang=id&token=${token}` });
      const log = lines.join('');
      expect(log).toContain('/reset-password?token=[redacted]');
      expect(log).toContain('/reset-password?lang=id&token=[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await app?.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('forgot password: one answer, limited (finding 5)', () => {
  it('answers a registered and an unregistered number alike; a malformed one gets 400', async () => {
    const sentBefore = t.whatsappOutbox.length;
    const known = await forgot('+6281100000001');
    const unknown = await forgot('089999999999');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ message: 'mohon cek whatsapp anda' });
    // only the account's number gets a message
    expect(t.whatsappOutbox.length).toBe(sentBefore + 1);
    expect(t.whatsappOutbox.at(-1)!.phone).toBe('+6281100000001');

    for (const phone of ['12345', '0812', 'nomor saya']) {
      const res = await forgot(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'phone', message: WA_INVALID }]);
    }
  });

  it('allows 3 requests per number in 15 minutes, registered or not, then 429 in Indonesian', async () => {
    for (const phone of ['081100000001', '081277776666']) {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await forgot(phone));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[3]!.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Terlalu banyak permintaan reset password. Coba lagi dalam 15 menit.',
      });
    }
    // another number is not held back
    expect((await forgot('081277775555')).statusCode).toBe(200);
  });

  it('allows 10 requests per address in 15 minutes, then 429', async () => {
    const address = freshAddress();
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push((await forgot(`08128888${String(i).padStart(4, '0')}`, address)).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429, 429]);
    // another address still gets through
    expect((await forgot('081288889999')).statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64: new addresses of the same subscriber do not buy requests', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await forgot(`08127777${String(i).padStart(4, '0')}`, `2001:db8:7:9::${i + 1}`)).statusCode,
      );
    }
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    expect((await forgot('081277779999', '2001:db8:7:a::1')).statusCode).toBe(200);
  });

  it('requests sent at once for one number: no more than 3 pass', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => forgot('081233334444')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
  });
});

describe('forgot password: the same answer time (finding 5)', () => {
  it('a registered number does not wait for a slow WhatsApp gateway: it answers as fast as an unknown one', async () => {
    // the gateway is outside the product: a small real HTTP server that takes 600 ms per message
    const received: string[] = [];
    const gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () =>
        setTimeout(() => {
          received.push(body);
          res.end('ok');
        }, 600),
      );
    });
    await new Promise<void>((ready) => gateway.listen(0, '127.0.0.1', ready));
    const base = testConfig();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-reset-time-'));
    const config: Config = {
      ...base,
      dataDir,
      webDist: path.join(dataDir, 'no-web'),
      storage: { ...base.storage, localDir: path.join(dataDir, 'uploads') },
      waGatewayUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
    };
    const app = await buildApp({ config, database: await openTestDatabase() });
    try {
      await app.ready();
      let address = 0;
      const timed = async (phone: string) => {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/tire-man/forgot-password',
          payload: { phone },
          remoteAddress: `203.0.113.${++address}`,
        });
        return { ms: performance.now() - started, status: res.statusCode, body: res.body };
      };
      await timed('089911112222'); // warm-up
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        const k = await timed('081100000001');
        const u = await timed('089999999999');
        expect([k.status, k.body]).toEqual([u.status, u.body]);
        known.push(k.ms);
        unknown.push(u.ms);
      }
      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
      console.info(
        `forgot password: registered median ${median(known).toFixed(1)} ms, unregistered ${median(unknown).toFixed(1)} ms (gateway 600 ms)`,
      );
      expect(median(known)).toBeLessThan(median(unknown) + 150);
      // the messages still went out, after the answers
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(3);
    } finally {
      await app.close();
      await new Promise((closed) => gateway.close(closed));
    }
  });
});

describe('password policy (finding 6)', () => {
  const weak = [
    { password: '12345678', message: 'Password minimal 10 karakter' },
    { password: 'password', message: 'Password minimal 10 karakter' },
    { password: 'password123', message: TOO_COMMON },
    { password: 'Qwertyuiop', message: TOO_COMMON },
  ];

  it('a reset link refuses short and common passwords, and still works for a good one', async () => {
    const link = await linkFor('081100000003');
    for (const { password, message } of weak) {
      const res = await reset(link, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'password', message }]);
      expect((await login(FX.staff2.email, password)).statusCode).toBe(401);
    }
    expect((await reset(link, 'kuda-laut-biru-7')).statusCode).toBe(200);
    const res = await login(FX.staff2.email, 'kuda-laut-biru-7');
    expect(res.statusCode).toBe(200);
    await logout(res.json().access_token);
  });

  it('the profile refuses short and common new passwords', async () => {
    const token = await t.login(FX.admin.email);
    try {
      for (const [password, message] of [
        ['12345678', 'Password baru minimal 10 karakter'],
        ['1234567890', TOO_COMMON],
        ['iloveyou12', TOO_COMMON],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/me/password',
          headers: { access_token: token },
          payload: { current_password: FX.password, new_password: password },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'new_password', message }]);
      }
    } finally {
      await logout(token);
    }
    // the password did not change
    const again = await login(FX.admin.email, FX.password);
    expect(again.statusCode).toBe(200);
    await logout(again.json().access_token);
  });

  it('registration and the admin edit refuse short and common passwords', async () => {
    const admin = await t.login(FX.admin.email);
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tire-man/register',
        headers: { access_token: admin },
        payload: {
          name: 'Budi Sandi',
          email: 'budi.sandi@test.local',
          phone: '081266660001',
          password,
          nik: '3201010101019999',
          role: 'tire-man',
        },
      });
    for (const { password, message } of weak) {
      const res = await register(password);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'password', message }]);
    }
    const [none] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from users where email = 'budi.sandi@test.local'`,
      ),
    );
    expect(none!.n).toBe(0);
    expect((await register('roda-serep-gudang-8')).statusCode).toBe(201);

    const id = await idOf('budi.sandi@test.local');
    const edit = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/tire-man/${id}`,
        headers: { access_token: admin },
        payload: {
          name: 'Budi Sandi',
          email: 'budi.sandi@test.local',
          phone: '081266660001',
          role: 'tire-man',
          password,
        },
      });
    for (const { password, message } of weak) {
      const res = await edit(password);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'password', message }]);
    }
    expect((await login('budi.sandi@test.local', 'roda-serep-gudang-8')).statusCode).toBe(200);
    await logout(admin);
  });
});

// Issue 35, item 5: repeats, sequences, the product's name and the account's own data were accepted
describe('passwords that are easy to guess, or hold the product or the account (issue 35)', () => {
  const REPEATED = 'Password tidak boleh berupa karakter atau pola yang diulang, seperti aaaa atau 1212';
  const SEQUENCE = 'Password tidak boleh berupa urutan huruf atau angka, seperti abcd atau 1234';
  const KEYBOARD = 'Password tidak boleh berupa deretan tombol keyboard, seperti qwerty atau asdfgh';
  const PRODUCT = 'Password tidak boleh memuat nama aplikasi (ITMS)';
  const personal = (part: string) =>
    `Password tidak boleh memuat nama, email, nomor HP atau NIK Anda (${part})`;

  /** The list, and the account's e-mail, its local part, name, phone number and NIK. */
  function refusedFor(owner: { name: string; email: string; phone: string; nik?: string }) {
    const local = owner.email.split('@')[0]!;
    // a word of the name counts from 4 letters (so 'Edi' does not refuse 'kredit'); else the whole name
    const [longest] = owner.name.split(' ').sort((a, b) => b.length - a.length);
    const namePart = longest!.length >= 4 ? longest! : owner.name.replaceAll(' ', '');
    return [
      { password: 'aaaaaaaaaa', message: REPEATED },
      { password: '1111111111', message: REPEATED },
      { password: 'abcabcabcabc', message: REPEATED },
      { password: 'abcdefghij', message: SEQUENCE },
      { password: '9876543210', message: SEQUENCE },
      { password: 'zxcvbnm,./', message: KEYBOARD },
      { password: 'itms123456', message: PRODUCT },
      { password: 'Kantor-ITMS-Cikarang-2026', message: PRODUCT },
      { password: 'bismillah1', message: TOO_COMMON },
      { password: owner.email, message: personal(owner.email) },
      { password: `${local}-2026!`, message: personal(local) },
      { password: `${namePart}-Jaya-2026`, message: personal(namePart) },
      { password: `hp-${owner.phone}`, message: personal(owner.phone) },
      ...(owner.nik ? [{ password: `nik${owner.nik}`, message: personal(owner.nik) }] : []),
    ];
  }

  it('PASSWORD_MESSAGES says each in Indonesian, as the server sends it', () => {
    expect(PASSWORD_MESSAGES.repeated).toBe(REPEATED);
    expect(PASSWORD_MESSAGES.personal('budi')).toBe(personal('budi'));
  });

  it('a reset link refuses them for its account and still takes a good one', async () => {
    const link = await linkFor('081100000003');
    for (const { password, message } of refusedFor({ ...FX.staff2, phone: '081100000003' })) {
      const res = await reset(link, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        fields: [{ field: 'password', message }],
      });
    }
    expect((await reset(link, 'kabut-pagi-sungai-31')).statusCode).toBe(200);
    const res = await login(FX.staff2.email, 'kabut-pagi-sungai-31');
    expect(res.statusCode).toBe(200);
    await logout(res.json().access_token);
  });

  it('Profil refuses them as the new password; the old one stays', async () => {
    const token = await t.login(FX.admin.email);
    try {
      for (const { password, message } of refusedFor({ ...FX.admin, phone: '081100000001' })) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/me/password',
          headers: { access_token: token },
          payload: { current_password: FX.password, new_password: password },
        });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().fields, password).toEqual([{ field: 'new_password', message }]);
      }
    } finally {
      await logout(token);
    }
    const again = await login(FX.admin.email, FX.password);
    expect(again.statusCode).toBe(200);
    await logout(again.json().access_token);
  });

  it("registration and the admin's edit refuse them for the account being saved", async () => {
    const admin = await t.login(FX.admin.email);
    const owner = {
      name: 'Wawan Hermawan',
      email: 'wawan.h@test.local',
      phone: '081266660002',
      nik: '3201010101018888',
    };
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tire-man/register',
        headers: { access_token: admin },
        payload: { ...owner, password, role: 'tire-man' },
      });
    for (const { password, message } of refusedFor(owner)) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields, password).toEqual([{ field: 'password', message }]);
    }
    const none = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from users where email = ${owner.email}`),
    );
    expect(none).toEqual([]);
    expect((await register('lampu-merah-tikungan-5')).statusCode).toBe(201);

    // the edit judges by the data being saved (a new e-mail) and the stored NIK the form left out
    const id = await idOf(owner.email);
    const renamed = { ...owner, email: 'hermawan.w@test.local' };
    const edit = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/tire-man/${id}`,
        headers: { access_token: admin },
        payload: {
          name: renamed.name,
          email: renamed.email,
          phone: renamed.phone,
          role: 'tire-man',
          password,
        },
      });
    for (const { password, message } of refusedFor(renamed)) {
      const res = await edit(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields, password).toEqual([{ field: 'password', message }]);
    }
    const [stored] = rowsOf<{ email: string }>(
      await t.database.db.execute(sql`select email from users where id = ${id}`),
    );
    expect(stored!.email).toBe(owner.email);
    expect((await login(owner.email, 'lampu-merah-tikungan-5')).statusCode).toBe(200);
    await logout(admin);
  });

  it('npm run create-admin refuses them too', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-create-admin-'));
    const db = await fixtureDatabaseForProcess(dataDir, 'admincli');
    const owner = {
      email: 'kepala@pt-contoh.co.id',
      name: 'Kepala Operasional',
      phone: '081299990001',
      nik: '1001',
    };
    const createAdmin = (password: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'server/src/ops/create-admin-cli.ts',
            '--email',
            owner.email,
            '--name',
            owner.name,
            '--phone',
            owner.phone,
            '--nik',
            owner.nik,
          ],
          { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...db.env } },
        );
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c));
        child.stderr.on('data', (c: Buffer) => (out += c));
        child.stdin.end(`${password}\n`);
        child.on('exit', (code) => resolve({ code, out }));
      });
    try {
      // the account's data reaches the policy from the command line (a good password: production-recipe)
      const res = await createAdmin('Kepala-Gudang-2026');
      expect(res.code, res.out).toBe(1);
      expect(res.out).toContain(personal('Kepala'));
      const database = await db.open();
      try {
        const rows = await database.db.execute(sql`select id from users where email = ${owner.email}`);
        expect(rowsOf(rows)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
