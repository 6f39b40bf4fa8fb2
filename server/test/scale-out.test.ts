// Scale-out: two API processes (two apps with their own pools, both listening) on one PostgreSQL
// database and one upload folder. Real time crosses processes through the postgres adapter
// (NOTIFY), sessions live in the database, uploads in the shared storage.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { type Database, openPostgres, rowsOf } from '../src/db/client';
import { FX } from './fixtures';
import { withDatabase } from './global-setup';
import { multipartFile, TINY_PNG } from './multipart';

const onPostgres = inject('dbDriver') === 'postgres';

// PGlite is embedded in one process: a second server process cannot open the same database
describe.skipIf(!onPostgres)(
  'scale-out: two server processes on one PostgreSQL (skipped on PGlite: embedded, one process)',
  () => {
    const name = `itms_t_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const url = onPostgres ? withDatabase(process.env.TEST_DATABASE_URL!, name) : '';
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-scale-out-'));
    const dbs: Database[] = [];
    const apps: FastifyInstance[] = [];
    const bases: string[] = [];
    const sockets: Socket[] = [];

    beforeAll(async () => {
      const admin = openPostgres(process.env.TEST_DATABASE_URL!, 1);
      await admin.pool!.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
      await admin.close();
      for (let i = 0; i < 2; i++) {
        const database = openPostgres(url, 4);
        const app = await buildApp({ config: testConfig({ dataDir, databaseUrl: url }), database });
        await app.listen({ port: 0, host: '127.0.0.1' });
        dbs.push(database);
        apps.push(app);
        bases.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
      }
    });

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      const admin = openPostgres(process.env.TEST_DATABASE_URL!, 1);
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    async function login(base: string, email: string): Promise<string> {
      const res = await fetch(`${base}/api/tire-man/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: FX.password }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { access_token: string }).access_token;
    }

    it('a token from the first server works on the second, and a check posted to the first reaches a socket on the second', async () => {
      const [first, second] = bases as [string, string];
      const staff = await login(first, FX.staff.email);
      const me = await fetch(`${second}/api/tire-man-login`, { headers: { access_token: staff } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(FX.staff.email);

      const office = connectSocket(second, {
        path: '/socket.io',
        auth: { token: staff },
        transports: ['websocket'],
      });
      sockets.push(office);
      await new Promise<void>((resolve, reject) => {
        office.on('connect', () => resolve());
        office.on('connect_error', reject);
      });
      const got = new Promise<{ kind: string; id: number }>((resolve) =>
        office.once('new-notification', resolve),
      );

      const [ids] = rowsOf<{ unit: number; location: number }>(
        await dbs[0]!.db.execute(sql`
        select (select id from units where plate_number = ${FX.tronton}) as unit,
               (select id from locations where name = ${FX.location}) as location`),
      );
      const tireman = await login(first, FX.tireman.email);
      const res = await fetch(`${first}/api/tire-check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: tireman },
        body: JSON.stringify({
          unit_id: ids!.unit,
          location_id: ids!.location,
          odometer: 61000,
          records: Array.from({ length: 10 }, (_, i) => ({
            position: String(i + 1),
            serial_number: FX.installedSerial(i + 1),
            groove_1: 10,
            groove_2: 10,
            groove_3: 9,
            groove_4: 10,
            pressure: 105,
          })),
        }),
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const payload = await Promise.race([
        got,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no event on the second server in 10 s')), 10_000),
        ),
      ]);
      expect(payload).toEqual({ kind: 'tire-check', id });

      // the second server sees the check the first one stored, with the same session
      const queue = await fetch(`${second}/api/tire-check/noEdpSign`, { headers: { access_token: staff } });
      expect(((await queue.json()) as { data: { id: number }[] }).data.map((r) => r.id)).toContain(id);
    });

    it('serves from the second server a file uploaded and signed through the first (same storage, same key)', async () => {
      const [first, second] = bases as [string, string];
      const token = await login(first, FX.admin.email);
      const body = multipartFile('image', 'foto.png', TINY_PNG, 'image/png');
      const up = await fetch(`${first}/api/upload`, {
        method: 'POST',
        headers: { ...body.headers, access_token: token },
        body: body.payload,
      });
      expect(up.status).toBe(201);
      const { awsImage } = (await up.json()) as { awsImage: string };
      // the link the first process signed opens on the second: the HMAC key is shared in the database
      const signed = await fetch(`${first}/api/files/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token },
        body: JSON.stringify({ paths: [awsImage] }),
      });
      const { urls } = (await signed.json()) as { urls: Record<string, string> };
      expect(urls[awsImage]).toMatch(/^\/files\/.+\?exp=\d+&sig=/);
      const file = await fetch(`${second}${urls[awsImage]}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    });
  },
);
