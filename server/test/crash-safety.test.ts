import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, rowsOf } from '../src/db/client';
import { sha256 } from '../src/modules/auth/auth.service';
import { FX } from './fixtures';
import { fixtureDatabaseForProcess } from './helpers';
import { TINY_PNG } from './multipart';

/**
 * Crash safety: the real server process (server/src/server.ts, as `npx tsx` runs it) on a data
 * directory (PGlite) or a fresh PostgreSQL database is killed with SIGKILL at random moments while
 * a check validation (twice, racing), a replacement validation and a BKB validation are in flight.
 * After each kill the database is opened again and must hold: no tire mounted twice, tire rows and
 * wheel positions agreeing, every approved document signed, and each workflow either fully
 * applied (with its audit line) or untouched. An answered 200 must have survived the kill.
 * A sample in `npm test`: 16 kills in CI (CI=true; four of them after every answer), 5 locally;
 * the long run is `npm run bench:crash` (200 kills; CRASH_KILLS overrides all three).
 */
const KILLS = Number(process.env.CRASH_KILLS ?? (process.env.CI === 'true' ? 16 : 5));
const ROOT = path.resolve(import.meta.dirname, '../..');
const driver = inject('dbDriver');

let workDir = '';
let dropDatabase = async () => {};
afterAll(async () => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  await dropDatabase();
});

// ---------- the database, opened only while the server is down (PGlite has one owner) ----------

async function prepareDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-crash-'));
  const copy = await fixtureDatabaseForProcess(workDir, 'crash');
  dropDatabase = copy.drop;
  return copy;
}

const q = async <T>(db: Database, s: SQL) => rowsOf<T>(await db.db.execute(s));

// ---------- the server process ----------

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  // one process (no tsx CLI wrapper), so that SIGKILL hits the server itself
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: workDir,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output}`));
    });
  });
  return { child, base, exited };
}

async function kill(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

// ---------- the workload ----------

interface Ids {
  users: Record<'admin' | 'staff' | 'staff2' | 'tireman', number>;
  engkel: number;
  tronton: number;
  location: number;
  tire: Record<string, number>;
}

type Measured = { groove_1: number; groove_2: number; groove_3: number; groove_4: number; pressure: number };
const MEASURED = ['groove_1', 'groove_2', 'groove_3', 'groove_4', 'pressure'] as const;
const ENGKEL_TIRES = [11, 12, 13, 14, 15, 16].map((n) => FX.installedSerial(n));
// the replacement swaps position 1 of the tronton between these two, the BKB position 2
const SWAP_1 = [FX.installedSerial(1), FX.stockSerial(1)];
const SWAP_2 = [FX.installedSerial(2), FX.stockSerial(2)];

async function loadIds(db: Database): Promise<Ids> {
  const users = await q<{ id: number; email: string }>(db, sql`select id, email from users`);
  const byEmail = (e: string) => users.find((u) => u.email === e)!.id;
  const units = await q<{ id: number; plate_number: string }>(db, sql`select id, plate_number from units`);
  const tires = await q<{ id: number; serial_number: string }>(db, sql`select id, serial_number from tires`);
  const [loc] = await q<{ id: number }>(db, sql`select id from locations limit 1`);
  return {
    users: {
      admin: byEmail(FX.admin.email),
      staff: byEmail(FX.staff.email),
      staff2: byEmail(FX.staff2.email),
      tireman: byEmail(FX.tireman.email),
    },
    engkel: units.find((u) => u.plate_number === FX.engkel)!.id,
    tronton: units.find((u) => u.plate_number === FX.tronton)!.id,
    location: loc!.id,
    tire: Object.fromEntries(tires.map((t) => [t.serial_number, t.id])),
  };
}

/** Fresh sessions straight in the database: the killed server's sessions are still "in use". */
async function freshTokens(db: Database, ids: Ids): Promise<Record<keyof Ids['users'], string>> {
  const out = {} as Record<keyof Ids['users'], string>;
  for (const [who, userId] of Object.entries(ids.users) as [keyof Ids['users'], number][]) {
    const token = randomBytes(24).toString('base64url');
    await db.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`,
    );
    await db.db.execute(
      sql`insert into sessions (id, user_id, token_hash) values (${randomUUID()}, ${userId}, ${sha256(token)})`,
    );
    out[who] = token;
  }
  return out;
}

async function mountedAt(db: Database, unitId: number, position: string): Promise<number | null> {
  const [row] = await q<{ tire_id: number }>(
    db,
    sql`select tire_id from active_unit_tires where unit_id = ${unitId} and position = ${position} and status = 'INSTALLED'`,
  );
  return row ? Number(row.tire_id) : null;
}

async function tireValues(db: Database, ids: number[]): Promise<Record<number, Measured>> {
  const rows = await q<Measured & { id: number }>(
    db,
    sql`select id, groove_1, groove_2, groove_3, groove_4, pressure from tires where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(
    rows.map((r) => [Number(r.id), Object.fromEntries(MEASURED.map((k) => [k, Number(r[k])])) as Measured]),
  );
}

/** The invariants that must hold whatever moment the process died. */
async function checkGlobalInvariants(db: Database): Promise<void> {
  const doubles = await q(
    db,
    sql`select tire_id from active_unit_tires where status = 'INSTALLED' group by tire_id having count(*) > 1`,
  );
  expect(doubles, 'a tire mounted twice').toEqual([]);
  const crowded = await q(
    db,
    sql`select unit_id, position from active_unit_tires where status = 'INSTALLED'
        group by unit_id, position having count(*) > 1`,
  );
  expect(crowded, 'a position holding two tires').toEqual([]);
  const disagree = await q(
    db,
    sql`select t.serial_number, t.status, t.position, a.position as slot from tires t
        full join active_unit_tires a on a.tire_id = t.id and a.status = 'INSTALLED'
        where (t.status = 'INSTALLED') <> (a.id is not null) or (a.id is not null and t.position <> a.position)`,
  );
  expect(disagree, 'tire rows and wheel positions disagree').toEqual([]);
  const unsigned = await q(
    db,
    sql`select 'check' as doc, id from tire_checks where status = 'approved' and (edp_sign is null or edp_sign in ('', '-'))
        union all select 'replacement', id from tire_replacements where status = 'approved' and (edp_sign is null or edp_sign in ('', '-'))
        union all select 'bkb', id from mismatches where status = 'approved' and (signature_url is null or signature_url in ('', '-'))`,
  );
  expect(unsigned, 'an approved document without signature').toEqual([]);
  const approvedWithoutAudit = await q(
    db,
    sql`select 'check' as doc, c.id from tire_checks c where c.status = 'approved'
          and not exists (select 1 from audit_log a where a.entity = 'tire-check' and a.entity_id = c.id::text and a.action = 'validate')
        union all select 'replacement', r.id from tire_replacements r where r.status = 'approved'
          and not exists (select 1 from audit_log a where a.entity = 'tire-replacement' and a.entity_id = r.id::text and a.action = 'validate')
        union all select 'bkb', m.id from mismatches m where m.status = 'approved'
          and not exists (select 1 from audit_log a where a.entity = 'mismatch' and a.entity_id = m.id::text and a.action = 'validate')`,
  );
  expect(approvedWithoutAudit, 'an approval without its audit line').toEqual([]);
  const doubleValidated = await q(
    db,
    sql`select entity, entity_id from audit_log where action = 'validate' group by entity, entity_id having count(*) > 1`,
  );
  expect(doubleValidated, 'a document validated twice').toEqual([]);
}

async function api(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { access_token: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Uploads a small PNG as the token's user (records may cite only their author's uploads). */
async function upload(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { access_token: token },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { awsImage: string }).awsImage;
}

const rnd = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`crash safety on ${driver}`, () => {
  it(
    `survives ${KILLS} SIGKILLs during validations: nothing half-applied, nothing acknowledged lost`,
    async () => {
      const started = Date.now();
      const { env, open } = await prepareDatabase();
      let db = await open();
      const ids = await loadIds(db);
      const engkelTireIds = ENGKEL_TIRES.map((s) => ids.tire[s]!);
      const outcome = {
        applied: { check: 0, replacement: 0, bkb: 0 },
        untouched: { check: 0, replacement: 0, bkb: 0 },
      };
      let raced409 = 0;
      let typicalMs = 400;

      for (let cycle = 1; cycle <= KILLS; cycle++) {
        // ---- offline: fresh sessions and the state before this cycle ----
        const tokens = await freshTokens(db, ids);
        // each validator signs with his own upload
        const u = ids.users;
        await db.db.execute(sql`insert into uploads (path, user_id) values
          (${`2026/01/edp-${cycle}.png`}, ${u.staff}), (${`2026/01/edp2-${cycle}.png`}, ${u.staff2}),
          (${`2026/01/edp-r${cycle}.png`}, ${u.admin}),
          (${`uploads/ttd-${cycle}.png`}, ${u.staff}) on conflict do nothing`);
        const beforeValues = await tireValues(db, engkelTireIds);
        const at1 = await mountedAt(db, ids.tronton, '1');
        const at2 = await mountedAt(db, ids.tronton, '2');
        const next1 = SWAP_1.map((s) => ids.tire[s]!).find((id) => id !== at1)!;
        const next2 = SWAP_2.map((s) => ids.tire[s]!).find((id) => id !== at2)!;
        const serialOf = (id: number) => Object.entries(ids.tire).find(([, v]) => v === id)![0];
        // closed while the server runs: PGlite has one owner, and a pool per cycle would leak
        await db.close();

        // ---- online: file the three documents, then validate them all at once and kill ----
        const server = await startServer(env);
        const odometer = 50_000 + cycle * 10;
        const [plate, odo, tm, dr] = await Promise.all(
          Array.from({ length: 4 }, () => upload(server.base, tokens.tireman)),
        );
        const check = await api(server.base, tokens.tireman, 'POST', '/tire-check', {
          unit_id: ids.engkel,
          location_id: ids.location,
          odometer,
          driver: { name: 'Dodi Driver', phone: '081299990000' },
          equipment: ['dongkrak'],
          plate_number_url: plate,
          odometer_url: odo,
          tireman_sign: tm,
          driver_sign: dr,
          records: ENGKEL_TIRES.map((serial, i) => ({
            position: String(i + 1),
            serial_number: serial,
            serial_number_url: '-',
            groove_1: 10,
            groove_2: 10,
            groove_3: 10,
            groove_4: 10,
            pressure: 100,
            condition: '99,99,99,99,99',
          })),
        });
        expect(check.status, JSON.stringify(check.body)).toBe(201);
        const replacement = await api(server.base, tokens.tireman, 'POST', '/tire-replacement', {
          unit_id: ids.tronton,
          location_id: ids.location,
          odometer,
          spk: `SPK-${cycle}`,
          plate_number_url: plate,
          odometer_url: odo,
          tireman_sign: tm,
          records: [
            {
              position: '1',
              status: 'replace',
              serial_number: serialOf(next1),
              groove_1: 15,
              groove_2: 15,
              groove_3: 15,
              groove_4: 15,
              pressure: 105,
            },
          ],
        });
        expect(replacement.status, JSON.stringify(replacement.body)).toBe(201);
        const bkb = await api(server.base, tokens.tireman, 'POST', '/mismatch', {
          unit_id: ids.tronton,
          location_id: ids.location,
          category: 'Nomor seri tidak sesuai',
          information: 'Ban di lapangan berbeda dengan data',
          positions: [{ position: '2', found_serial: serialOf(next2) }],
        });
        expect(bkb.status, JSON.stringify(bkb.body)).toBe(201);
        const checkId = check.body.id as number;
        const replacementId = replacement.body.id as number;
        const bkbId = bkb.body.id as number;

        const submitted = Object.fromEntries(
          engkelTireIds.map((id) => {
            const g = rnd(1, 20);
            return [
              id,
              {
                groove_1: g,
                groove_2: rnd(1, 20),
                groove_3: g,
                groove_4: rnd(1, 20),
                pressure: rnd(60, 140),
              },
            ];
          }),
        ) as Record<number, Measured>;
        const checkBody = {
          edp_sign: `2026/01/edp-${cycle}.png`,
          records: engkelTireIds.map((id) => ({ tire_id: id, ...submitted[id], odometer })),
        };
        // the racing validator signs with his own upload
        const raceSign = `2026/01/edp2-${cycle}.png`;
        const answered: Record<string, number> = {};
        const track = (name: string, p: Promise<{ status: number }>) =>
          p.then(
            (r) => {
              answered[name] = r.status;
            },
            () => undefined,
          );
        const inFlight = [
          track(
            'check',
            api(server.base, tokens.staff, 'POST', `/tire-check/${checkId}/validate`, checkBody),
          ),
          track(
            'check-race',
            api(server.base, tokens.staff2, 'POST', `/tire-check/${checkId}/validate`, {
              ...checkBody,
              edp_sign: raceSign,
            }),
          ),
          track(
            'replacement',
            api(server.base, tokens.admin, 'POST', `/tire-replacement/${replacementId}/validate`, {
              edp_sign: `2026/01/edp-r${cycle}.png`,
            }),
          ),
          track(
            'bkb',
            api(server.base, tokens.staff, 'POST', `/mismatch/${bkbId}/validate`, {
              signatureUrl: `uploads/ttd-${cycle}.png`,
              positions: [{ position: '2', serial_number: serialOf(next2), action: 'update' }],
            }),
          ),
        ];
        // a random moment while the transactions run; every fourth cycle after all have answered
        // (that measures how long they take, and checks that what was answered survives the kill)
        const fired = Date.now();
        if (cycle % 4 === 0) {
          await Promise.allSettled(inFlight);
          typicalMs = Date.now() - fired;
        } else await sleep(rnd(0, Math.round(typicalMs * 1.2)));
        await kill(server);
        await Promise.allSettled(inFlight);
        for (const [name, status] of Object.entries(answered)) {
          expect(status, `${name} answered ${status} before the kill`).toBeLessThan(500);
        }
        if (answered.check === 409 || answered['check-race'] === 409) raced409++;

        // ---- offline again: the invariants ----
        db = await open();
        await checkGlobalInvariants(db);

        const [c] = await q<{ status: string; edp_sign: string }>(
          db,
          sql`select status, edp_sign from tire_checks where id = ${checkId}`,
        );
        const values = await tireValues(db, engkelTireIds);
        if (c!.status === 'approved') {
          outcome.applied.check++;
          expect(values, `check ${checkId} approved with every submitted value`).toEqual(submitted);
          // whichever of the two racing validations won, its own signature, and the one answered 200
          expect([checkBody.edp_sign, raceSign]).toContain(c!.edp_sign);
          if (answered.check === 200) expect(c!.edp_sign).toBe(checkBody.edp_sign);
          if (answered['check-race'] === 200) expect(c!.edp_sign).toBe(raceSign);
        } else {
          outcome.untouched.check++;
          expect(c!.status).toBe('pending');
          expect(values, `check ${checkId} pending with the tires untouched`).toEqual(beforeValues);
          expect(
            answered.check === 200 || answered['check-race'] === 200,
            'an answered validation was lost',
          ).toBe(false);
        }

        const [r] = await q<{ status: string }>(
          db,
          sql`select status from tire_replacements where id = ${replacementId}`,
        );
        const now1 = await mountedAt(db, ids.tronton, '1');
        if (r!.status === 'approved') {
          outcome.applied.replacement++;
          expect(now1, `replacement ${replacementId} approved: new tire at position 1`).toBe(next1);
          const [old] = await q<{ status: string }>(db, sql`select status from tires where id = ${at1}`);
          expect(old!.status).toBe('UNINSTALLED');
        } else {
          outcome.untouched.replacement++;
          expect(now1, `replacement ${replacementId} pending: position 1 untouched`).toBe(at1);
          expect(answered.replacement, 'an answered replacement was lost').not.toBe(200);
        }

        const [m] = await q<{ status: string }>(db, sql`select status from mismatches where id = ${bkbId}`);
        const now2 = await mountedAt(db, ids.tronton, '2');
        if (m!.status === 'approved') {
          outcome.applied.bkb++;
          expect(now2, `BKB ${bkbId} approved: the found tire at position 2`).toBe(next2);
        } else {
          outcome.untouched.bkb++;
          expect(now2, `BKB ${bkbId} pending: position 2 untouched`).toBe(at2);
          expect(answered.bkb, 'an answered BKB validation was lost').not.toBe(200);
        }
      }

      // the server still starts on what the last kill left, and answers
      const tokens = await freshTokens(db, ids);
      await db.close();
      const server = await startServer(env);
      try {
        const health = await fetch(`${server.base}/api/health`);
        expect(health.status).toBe(200);
        const queue = await api(server.base, tokens.staff, 'GET', '/tire-check/noEdpSign');
        expect(queue.status).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      console.log(
        `crash safety (${driver}): ${KILLS} kills survived in ${Math.round((Date.now() - started) / 1000)} s; ` +
          `applied ${JSON.stringify(outcome.applied)}, untouched ${JSON.stringify(outcome.untouched)}; ` +
          `racing validations refused with 409 in ${raced409} cycles`,
      );
    },
    KILLS * 60_000 + 120_000,
  );
});
