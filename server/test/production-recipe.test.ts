// The README's production recipe, run (issue 24, finding 12): a fresh PostgreSQL database, the
// first admin from `create-admin`, two server processes with NODE_ENV=production and
// TRUST_PROXY=1, and Debian's nginx running deploy/nginx.conf (test ports, a self-signed
// certificate made here) in front. Over HTTPS: health, login, the client address nginx saw, the
// CSP's wss origin from PUBLIC_URL; socket.io over wss and over long-polling (sticky upstream);
// an event sent by either process reaches the socket, so one of them crossed processes; the web
// app's files during a rolling update (each process on another build); a backup.
// Differences from production: uploads on a shared local folder instead of S3, the processes run
// from the TypeScript (tsx) instead of the bundle, nginx as this user with its own prefix.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, rowsOf } from '../src/db/client';
import { withDatabase } from './global-setup';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const onPostgres = inject('dbDriver') === 'postgres';
if (onPostgres && !NGINX && process.env.CI === 'true') {
  // CI must run the recipe: .ci/run installs nginx
  throw new Error('nginx not found (apt-get install nginx): the production recipe test needs it in CI');
}

const ADMIN = {
  email: 'kepala@pt-contoh.co.id',
  name: 'Kepala Operasional',
  phone: '081299990001',
  nik: '1001',
};
const PASSWORD = 'Ban-Truk-Aman-2026';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Runs a script of the repo to its end; its output, or a failure with it. */
function runScript(args: string[], env: Record<string, string>, stdin = ''): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)),
    ),
  );
}

/** deploy/nginx.conf with the test's ports, certificate and log; every replaced line must exist. */
function renderNginx(p: {
  http: number;
  https: number;
  apps: number[];
  cert: string;
  key: string;
  accessLog: string;
}): string {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const swaps: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${p.http};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${p.https} ssl http2;`],
    ['/etc/letsencrypt/live/itms.example.com/fullchain.pem', p.cert],
    ['/etc/letsencrypt/live/itms.example.com/privkey.pem', p.key],
    ['127.0.0.1:3001', `127.0.0.1:${p.apps[0]}`],
    ['127.0.0.1:3002', `127.0.0.1:${p.apps[1]}`],
    ['/var/log/nginx/itms.access.log', p.accessLog],
  ];
  for (const [from, to] of swaps) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    conf = conf.replaceAll(from, to);
  }
  return conf;
}

/** An HTTPS request that trusts only the test's certificate. */
function request(
  url: string,
  ca: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    /** JSON, or the bytes as they are */
    body?: unknown;
    localAddress?: string;
  } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const raw = Buffer.isBuffer(opts.body);
  const body = opts.body === undefined ? undefined : raw ? (opts.body as Buffer) : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: opts.method ?? 'GET',
        ca,
        localAddress: opts.localAddress,
        headers: { ...(body && !raw ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    // a server may answer and close before the whole body is sent: that answer is the result
    req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(err)));
    req.end(body);
  });
}

describe.skipIf(!onPostgres || !NGINX)(
  'production recipe: nginx with TLS in front of two server processes (PostgreSQL only; needs nginx)',
  () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-recipe-'));
    const dbName = `itms_recipe_${process.pid}_${randomBytes(3).toString('hex')}`;
    const databaseUrl = onPostgres ? withDatabase(process.env.TEST_DATABASE_URL!, dbName) : '';
    const children: ChildProcess[] = [];
    const sockets: Socket[] = [];
    let ca = '';
    let base = '';
    let httpPort = 0;
    let appPorts: number[] = [];
    let env: Record<string, string> = {};
    // the build each process runs while the other is restarted on the next one
    const builds = ['AAAAAAAA', 'BBBBBBBB'];
    const accessLog = path.join(work, 'access.log');

    beforeAll(async () => {
      fs.chmodSync(work, 0o755); // nginx's workers may run as another user
      const cert = path.join(work, 'cert.pem');
      const key = path.join(work, 'key.pem');
      const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
      execFileSync(
        'openssl',
        [
          ...'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1'.split(' '),
          ...subject,
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore' },
      );
      ca = fs.readFileSync(cert, 'utf8');

      // README: createdb, then the first admin
      const admin = openPostgres(process.env.TEST_DATABASE_URL!, 1);
      await admin.pool!.query(`CREATE DATABASE ${dbName}`);
      await admin.close();
      // taken at once, so all different
      const [httpsPort, plainPort, ...ports] = await Promise.all([1, 2, 3, 4].map(freePort));
      httpPort = plainPort!;
      appPorts = ports;
      base = `https://127.0.0.1:${httpsPort}`;
      env = {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        DEMO_SEED: 'false',
        TRUST_PROXY: '1',
        PUBLIC_URL: base,
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        LOG_LEVEL: 'warn',
      };
      const created = await runScript(
        [
          'server/src/ops/create-admin-cli.ts',
          '--email',
          ADMIN.email,
          '--name',
          ADMIN.name,
          '--phone',
          ADMIN.phone,
          '--nik',
          ADMIN.nik,
        ],
        env,
        `${PASSWORD}\n`,
      );
      expect(created).toContain(`Admin created: ${ADMIN.email}`);

      // two processes, then nginx; in the middle of a rolling update: each process serves its own
      // build (a small one made here, not the real web build: it may be half-written while tests run)
      for (const [i, name] of builds.entries()) {
        const dist = path.join(work, `web-${name}`);
        fs.mkdirSync(path.join(dist, 'lapangan', 'assets'), { recursive: true });
        fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${name}</title>`);
        fs.writeFileSync(path.join(dist, 'lapangan', 'index.html'), `<!doctype html><title>${name}</title>`);
        fs.writeFileSync(path.join(dist, 'lapangan', 'assets', `index-${name}.js`), `console.log(${i})`);
      }
      await Promise.all(
        appPorts.map(
          (port, i) =>
            new Promise<void>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
                cwd: ROOT,
                env: {
                  ...process.env,
                  ...env,
                  PORT: String(port),
                  WEB_DIST: path.join(work, `web-${builds[i]}`),
                },
                stdio: ['ignore', 'pipe', 'pipe'],
              });
              children.push(child);
              let out = '';
              const onData = (c: Buffer) => {
                out += c;
                if (out.includes('ITMS is running at')) resolve();
              };
              child.stdout.on('data', onData);
              child.stderr.on('data', onData);
              child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
            }),
        ),
      );
      for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(work, dir));
      fs.writeFileSync(
        path.join(work, 'itms.conf'),
        renderNginx({ http: httpPort, https: httpsPort, apps: appPorts, cert, key, accessLog }),
      );
      fs.writeFileSync(
        path.join(work, 'nginx.conf'),
        `daemon off;
pid ${work}/nginx.pid;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  include ${work}/itms.conf;
}
`,
      );
      const nginx = spawn(NGINX!, ['-p', work, '-e', `${work}/error.log`, '-c', `${work}/nginx.conf`], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(nginx);
      let nginxOut = '';
      nginx.stderr.on('data', (c: Buffer) => (nginxOut += c));
      for (let i = 0; ; i++) {
        if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${nginxOut}`);
        const ok = await request(`${base}/api/health`, ca).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) break;
        if (i > 100) throw new Error(`nginx did not answer: ${nginxOut}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // three starts of the server's TypeScript through tsx (create-admin, two processes): about
      // 20 s on a quiet machine, much more while other suites load its two cores
    }, 180_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      for (const c of children) {
        if (c.exitCode === null) {
          c.kill('SIGTERM');
          await new Promise((r) => c.once('exit', r));
        }
      }
      const admin = openPostgres(process.env.TEST_DATABASE_URL!, 1);
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    const login = async (headers: Record<string, string> = {}, localAddress?: string) => {
      const res = await request(`${base}/api/tire-man/login`, ca, {
        method: 'POST',
        body: { email: ADMIN.email, password: PASSWORD },
        headers,
        localAddress,
      });
      expect(res.status, res.body).toBe(200);
      return (JSON.parse(res.body) as { access_token: string }).access_token;
    };
    const logout = (port: number, token: string) =>
      fetch(`http://127.0.0.1:${port}/api/tire-man-logout`, {
        method: 'POST',
        headers: { access_token: token },
      });

    it('answers over HTTPS only (port 80 redirects), with the wss origin of PUBLIC_URL in the CSP', async () => {
      const health = await request(`${base}/api/health`, ca);
      expect(health.status).toBe(200);
      expect(health.headers['strict-transport-security']).toBeTruthy();
      expect(health.headers['content-security-policy']).toContain(`wss://127.0.0.1:${new URL(base).port}`);
      const plain = await fetch(`http://127.0.0.1:${httpPort}/api/health`, { redirect: 'manual' });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toBe('https://127.0.0.1/api/health');
    });

    it("the first admin signs in; the session holds the address nginx saw, not the client's X-Forwarded-For", async () => {
      // 127.0.0.2: another loopback address than the one nginx uses towards the processes
      const token = await login({ 'x-forwarded-for': '203.0.113.9' }, '127.0.0.2');
      const db = openPostgres(databaseUrl, 1);
      try {
        const [row] = rowsOf<{ ip: string }>(
          await db.db.execute(
            sql`select ip from sessions where revoked_at is null order by created_at desc limit 1`,
          ),
        );
        expect(row?.ip).toBe('127.0.0.2');
      } finally {
        await db.close();
      }
      expect((await logout(appPorts[0]!, token)).status).toBe(200);
    });

    it('socket.io through nginx (wss, then long-polling): a session ended on either process reaches the socket', async () => {
      // the socket sits on one process (sticky by address); ending its session once on each process
      // makes one of the two events cross to the other process (postgres adapter)
      for (const [i, transport] of (['websocket', 'polling'] as const).entries()) {
        const token = await login();
        const socket = io(base, { path: '/socket.io', auth: { token }, transports: [transport], ca });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        expect(socket.io.engine.transport.name).toBe(transport);
        const cleared = new Promise<{ reason: string }>((resolve) => socket.once('session-clear', resolve));
        const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        expect((await logout(appPorts[i]!, token)).status).toBe(200);
        await expect(cleared).resolves.toEqual({ reason: 'logout' });
        await expect(disconnected).resolves.toBe('io server disconnect');
      }
    });

    it("in a rolling update, every file of either process's build loads through nginx; a missing one is a 404", async () => {
      // least_conn spreads these over both processes: each has only its own build on its disk
      for (const [i, name] of builds.entries()) {
        for (let n = 0; n < 6; n++) {
          const res = await request(`${base}/lapangan/assets/index-${name}.js`, ca);
          expect(res.status, `${name} #${n}`).toBe(200);
          expect(res.headers['content-type']).toMatch(/javascript/);
          expect(res.body).toBe(`console.log(${i})`);
        }
      }
      const missing = await request(`${base}/lapangan/assets/index-CCCCCCCC.js`, ca);
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).not.toMatch(/html/);
      // pages come from either process, as before
      const page = await request(`${base}/lapangan/unit/1`, ca, { headers: { accept: 'text/html' } });
      expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    });

    // Issue 35, item 8: the recipe logged `?token=` and took 210 MB bodies from anyone
    it('the access log holds no reset token, access token or file link signature', async () => {
      const secrets = [
        'RESETTOKEN0123456789',
        'ACCESSTOKEN0123456789',
        'FILESIG0123456789',
        'REFERERTOKEN0123',
      ];
      await request(`${base}/reset-password?token=${secrets[0]}`, ca);
      await request(`${base}/api/health?access_token=${secrets[1]}&x=1`, ca);
      await request(`${base}/files/2026/01/foto.png?exp=1&sig=${secrets[2]}`, ca, {
        headers: { referer: `${base}/reset-password?lang=id&token=${secrets[3]}` },
      });
      // nginx writes a line when the request is done
      await new Promise((r) => setTimeout(r, 200));
      const log = fs.readFileSync(accessLog, 'utf8');
      expect(log).toContain('"GET /reset-password?token=[redacted] HTTP/1.1"');
      expect(log).toContain('"GET /api/health?access_token=[redacted] HTTP/1.1" 200');
      expect(log).toContain('"GET /files/2026/01/foto.png?exp=1&sig=[redacted] HTTP/1.1"');
      expect(log).toContain('/reset-password?lang=id&token=[redacted]"');
      for (const secret of secrets) expect(log).not.toContain(secret);
    });

    it('nginx refuses an over-limit body itself: 4 KB by default, 2 MB of API JSON, files by location', async () => {
      /** nginx's own 413 page: the body never reached a server process. */
      const refusedByNginx = (res: { status: number; body: string }) =>
        res.status === 413 && res.body.includes('<center>nginx');
      const post = (urlPath: string, size: number, headers: Record<string, string> = {}) =>
        request(`${base}${urlPath}`, ca, {
          method: 'POST',
          body: Buffer.alloc(size, 'a'),
          headers: { 'content-type': 'application/json', ...headers },
        });
      // pages and everything outside the API take a few KB
      expect(refusedByNginx(await post('/lapangan/login', 10_000))).toBe(true);
      // the API's JSON: 3 MB is refused before any process sees it, 1 MB reaches the server (which
      // refuses it without a session: 413 in its own JSON shape)
      expect(refusedByNginx(await post('/api/tire-man/login', 3 * 1024 * 1024))).toBe(true);
      const json = await post('/api/tire-man/login', 1024 * 1024);
      expect(json.status).toBe(413);
      expect(JSON.parse(json.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      // an upload: 7 MB is above what the server takes (UPLOAD_MAX_BYTES)
      expect(refusedByNginx(await post('/api/upload', 7 * 1024 * 1024))).toBe(true);

      // within its location's limit a file reaches the server: anonymous, it is refused unread;
      // signed in, it is read and judged (3 MB of zeros is no image)
      const anonymous = await post('/api/upload', 3 * 1024 * 1024);
      expect(anonymous.status).toBe(401);
      const token = await login();
      try {
        // the session header (`access_token`, with an underscore) reaches the processes through nginx
        const me = await request(`${base}/api/me`, ca, { headers: { access_token: token } });
        expect(me.status, me.body).toBe(200);
        const boundary = 'itmsrecipe';
        const multipart = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          Buffer.alloc(3 * 1024 * 1024),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const upload = await request(`${base}/api/upload`, ca, {
          method: 'POST',
          body: multipart,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, access_token: token },
        });
        expect(upload.status, upload.body).toBe(400);
        expect(JSON.parse(upload.body)).toMatchObject({ statusCode: 400 });
      } finally {
        expect((await logout(appPorts[0]!, token)).status).toBe(200);
      }
    }, 60_000);

    it('npm run backup writes an archive of the production database', async () => {
      const out = path.join(work, 'backup.tar.gz');
      const printed = await runScript(['server/src/ops/backup-cli.ts', out], env);
      expect(printed).toContain(`Backup written: ${out}`);
      expect(fs.statSync(out).size).toBeGreaterThan(1000);
    }, 60_000);
  },
);
