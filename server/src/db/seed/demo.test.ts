import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UNIT_TYPES } from '@itms/contracts/enums';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectReadModelsRecounted, openEmptyTestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { localStorage, type Storage } from '../../lib/storage';
import { type Database, rowsOf } from '../client';
import { DEMO_PASSWORD } from './demo';
import { seedDemoIfEmpty } from './seed';

let database: Database;
let app: FastifyInstance;
let storage: Storage;
let dir: string;
let seeded: boolean;
let seedMs: number;

const q = async <T = Record<string, unknown>>(query: string): Promise<T[]> =>
  rowsOf<T>(await database.db.execute(sql.raw(query)));
const one = async <T = Record<string, unknown>>(query: string): Promise<T> => (await q<T>(query))[0];
const n = async (query: string): Promise<number> => Number((await one<{ n: number }>(query)).n);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-seed-'));
  database = await openEmptyTestDatabase();
  const base = testConfig({ dataDir: dir });
  storage = localStorage(path.join(dir, 'uploads'));
  app = await buildApp({
    config: { ...base, storage: { ...base.storage, localDir: path.join(dir, 'uploads') } },
    database,
    storage,
  });
  await app.ready();
  const started = performance.now();
  seeded = await seedDemoIfEmpty(database.db, storage, app.log);
  seedMs = performance.now() - started;
  console.info(`demo seed on ${inject('dbDriver')}: ${Math.round(seedMs)} ms`);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const login = (email: string, password = DEMO_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/tire-man/login', payload: { email, password } });

/** Wheel positions of each unit type by its diagram: engkel 6, tronton 10, trailer 12, plus spares. */
function expectedPositions(type: string): string[] {
  const wheels = (k: number) => Array.from({ length: k }, (_, i) => String(i + 1));
  if (['ENGKEL', 'CDD', 'CDE', 'BIG UP'].includes(type)) return [...wheels(6), 'ST'];
  if (['TRONTON', 'DUMP TRUCK', 'HOULLER'].includes(type)) return [...wheels(10), 'ST'];
  return [...wheels(12), 'ST', 'ST2'];
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('demo seed on an empty database', () => {
  it('seeds, in a few seconds, and the five demo accounts log in with itms12345', async () => {
    expect(seeded).toBe(true);
    expect(seedMs).toBeLessThan(60_000);
    const tokens: Record<string, string> = {};
    for (const [email, role] of [
      ['admin@itms.local', 'admin'],
      ['edp@itms.local', 'staff'],
      ['tireman@itms.local', 'tire-man'],
      ['workshop@itms.local', 'workshop'],
      ['pelanggan@itms.local', 'customer'],
    ] as const) {
      const res = await login(email);
      expect(res.statusCode, email).toBe(200);
      expect(res.json().payload.user).toMatchObject({ email, role });
      expect(res.json().access_token).toBeTruthy();
      tokens[role] = res.json().access_token;
    }
    expect((await login('admin@itms.local', 'salah-salah')).statusCode).toBe(401);
    const staff = await one<{ name: string; signature: string }>(
      `select name, signature from users where email = 'edp@itms.local'`,
    );
    expect(staff.name).toBe('Dewi Lestari');
    // EDP draws a signature when validating (the e2e test relies on this)
    expect(staff.signature).toBe('-');
    const admin = await one<{ signature: string }>(
      `select signature from users where email = 'admin@itms.local'`,
    );
    expect(admin.signature).not.toBe('-');
    // the demo tire man's phone opens on the units of the project he works on
    const boot = await app.inject({
      method: 'GET',
      url: '/api/field/bootstrap',
      headers: { access_token: tokens['tire-man']! },
    });
    expect(boot.statusCode).toBe(200);
    const units = boot.json().units as { project: { id: number }; tires: unknown[] }[];
    expect(units.length).toBeGreaterThanOrEqual(3);
    expect(new Set(units.map((u) => u.project.id)).size).toBe(1);
    expect(units.every((u) => u.tires.length > 0)).toBe(true);
  });

  it('has 12 tire men with Indonesian identity data, spread over regions whose manpower matches', async () => {
    const men = await q<{ name: string; nik: string; phone: string; department: string; photo: string }>(
      `select name, nik, phone, department, photo from users where role = 'tire-man'`,
    );
    expect(men).toHaveLength(12);
    for (const m of men) {
      expect(m.nik).toMatch(/^[0-9]{16}$/);
      expect(m.phone).toMatch(/^08[0-9]{8,11}$/);
      expect(m.department).not.toBe('');
      expect(m.photo).not.toBe('-');
    }
    expect(new Set(men.map((m) => m.phone)).size).toBe(12);
    // and the admin, the EDP, the workshop and the first customer's account
    expect(await n(`select count(*) n from users`)).toBe(16);
    expect(
      await n(`select count(*) n from users u join customers c on c.id = u.customer_id
                where u.role = 'customer' and c.name = 'PT Sinar Logistik Nusantara'`),
    ).toBe(1);

    const regions = await q<{ name: string; pic: string; manpower: number; working: number }>(`
      select r.name, r.pic, r.manpower,
        (select count(distinct c.tireman_id) from tire_checks c join locations l on l.id = c.location_id
          where l.region_id = r.id) as working
      from regions r`);
    expect(regions.length).toBeGreaterThanOrEqual(5);
    for (const r of regions) {
      expect(r.pic, r.name).not.toBe('');
      expect(Number(r.manpower), r.name).toBe(Number(r.working));
    }
    expect(regions.reduce((s, r) => s + Number(r.manpower), 0)).toBe(12);
    expect(await n(`select count(*) n from locations`)).toBe(10);
    expect(await n(`select count(*) n from customers`)).toBe(3);
    expect(await n(`select count(*) n from projects`)).toBe(6);
    expect(await n(`select count(*) n from drivers where name <> '' and phone like '08%'`)).toBeGreaterThan(
      10,
    );
  });

  it('has 60 units of all 13 types, each with one installed tire on every position and no tire mounted twice', async () => {
    const units = await q<{
      id: number;
      unit_type: string;
      plate_number: string;
      tonnage: number;
      handled_date: string;
    }>(`select id, unit_type, plate_number, tonnage, handled_date::text from units`);
    expect(units).toHaveLength(60);
    expect(new Set(units.map((u) => u.unit_type))).toEqual(new Set(UNIT_TYPES));
    for (const u of units) {
      expect(u.plate_number).toMatch(/^[A-Z]{1,2} [0-9]{4} [A-Z]{1,3}$/);
      expect(Number(u.tonnage)).toBeGreaterThan(0);
      expect(u.handled_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const active = await q<{
      unit_id: number;
      position: string;
      status: string;
      tire_status: string;
      tire_position: string;
    }>(`
      select a.unit_id, a.position, a.status, t.status as tire_status, t.position as tire_position
      from active_unit_tires a join tires t on t.id = a.tire_id`);
    const byUnit = new Map<number, string[]>();
    for (const a of active) {
      expect(a.status).toBe('INSTALLED');
      expect(a.tire_status).toBe('INSTALLED');
      expect(a.tire_position).toBe(a.position);
      byUnit.set(a.unit_id, [...(byUnit.get(a.unit_id) ?? []), a.position]);
    }
    for (const u of units) {
      expect(new Set(byUnit.get(u.id)), `${u.plate_number} ${u.unit_type}`).toEqual(
        new Set(expectedPositions(u.unit_type)),
      );
    }
    expect(await n(`select count(*) - count(distinct tire_id) n from active_unit_tires`)).toBe(0);
    expect(await n(`select count(*) n from tires where status = 'INSTALLED'`)).toBe(active.length);
  });

  it('has 600 tires with unique serials, brands, sizes, valid RTD and pressure, stock, scrap and spare, and a ledger', async () => {
    const stats = await one<Record<string, number>>(`
      select count(*) as total, count(distinct serial_number) as serials,
        count(distinct ori_brand) as brands, count(distinct size) as sizes,
        count(*) filter (where is_original not in ('ORI', 'RET')) as bad_origin,
        count(*) filter (where least(groove_1, groove_2, groove_3, groove_4) < 0
          or greatest(groove_1, groove_2, groove_3, groove_4) > 24) as bad_rtd,
        count(*) filter (where groove_lowest <> least(groove_1, groove_2, groove_3, groove_4)) as bad_lowest,
        count(*) filter (where pressure not between 0 and 200) as bad_psi,
        count(*) filter (where status = 'UNINSTALLED') as stock,
        count(*) filter (where status = 'SCRAP') as scrap,
        count(*) filter (where status = 'SPARE') as spare,
        count(*) filter (where is_original = 'RET') as retread
      from tires`);
    expect(Number(stats.total)).toBe(600);
    expect(Number(stats.serials)).toBe(600);
    expect(Number(stats.brands)).toBeGreaterThanOrEqual(5);
    expect(Number(stats.sizes)).toBeGreaterThanOrEqual(4);
    expect(
      Number(stats.bad_origin) + Number(stats.bad_rtd) + Number(stats.bad_lowest) + Number(stats.bad_psi),
    ).toBe(0);
    expect(Number(stats.stock)).toBeGreaterThan(20);
    expect(Number(stats.scrap)).toBeGreaterThan(0);
    expect(Number(stats.spare)).toBeGreaterThan(0);
    expect(Number(stats.retread)).toBeGreaterThan(0);
    const sizes = (await q<{ size: string }>(`select distinct size from tires`)).map((r) => r.size);
    expect(sizes).toEqual(expect.arrayContaining(['11.00-20', '10.00-20', '295/80R22.5', '7.50-16']));
    const serial = await one<{ serial_number: string }>(
      `select serial_number from tires order by id limit 1`,
    );
    expect(serial.serial_number).toMatch(/^[A-Z]{2}[0-9]{4}[A-Z][0-9]{4}$/);

    // every tire was received; every mounted tire's last move is its installation where it sits now
    expect(
      await n(`select count(*) n from tires t where not exists (
      select 1 from tire_events e where e.tire_id = t.id and e.kind = 'received')`),
    ).toBe(0);
    expect(
      await n(`
      select count(*) n from active_unit_tires a
      join lateral (select * from tire_events e where e.tire_id = a.tire_id and e.kind in ('installed', 'removed')
        order by e.id desc limit 1) e on true
      where not (e.kind = 'installed' and e.unit_id = a.unit_id and e.position = a.position and e.odometer is not null)`),
    ).toBe(0);
  });

  it('has two months of checks in working hours, pending and approved, with a record per mounted position', async () => {
    const c = await one<Record<string, number | string>>(`
      select count(*) as total,
        count(*) filter (where status = 'approved') as approved,
        count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'approved' and (edp_sign = '-' or validated_by is null or validated_at is null)) as unsigned,
        count(*) filter (where status = 'pending' and edp_sign = '-' and pic_sign = '-') as awaiting_pic,
        count(*) filter (where status = 'pending' and edp_sign = '-' and pic_sign <> '-' and itms_sign <> '-') as awaiting_edp,
        count(*) filter (where created_at > now()) as future,
        count(*) filter (where created_at < now() - interval '62 days') as too_old,
        count(*) filter (where extract(hour from created_at at time zone 'Asia/Jakarta') not between 7 and 16) as off_hours,
        count(*) filter (where plate_number_url = '-' or odometer_url = '-') as no_photos,
        count(distinct tireman_id) as tiremen
      from tire_checks`);
    expect(Number(c.total)).toBeGreaterThanOrEqual(1500);
    expect(Number(c.total)).toBeLessThanOrEqual(3000);
    expect(Number(c.approved)).toBeGreaterThan(1000);
    expect(Number(c.pending)).toBeGreaterThan(5);
    expect(Number(c.unsigned)).toBe(0);
    expect(Number(c.awaiting_pic)).toBeGreaterThan(0);
    expect(Number(c.awaiting_edp)).toBeGreaterThan(0);
    expect(Number(c.future) + Number(c.too_old) + Number(c.off_hours) + Number(c.no_photos)).toBe(0);
    expect(Number(c.tiremen)).toBe(12);
    const edp = await one<{ id: number }>(`select id from users where email = 'edp@itms.local'`);
    expect(
      await n(`select count(*) n from tire_checks where status = 'approved' and validated_by <> ${edp.id}`),
    ).toBe(0);

    // one record per mounted position (a few checks lack a missing spare)
    expect(
      await n(`
      select count(*) n from tire_checks c
      where (select count(*) from tire_check_records r where r.tire_check_id = c.id)
        < (select count(*) from active_unit_tires a where a.unit_id = c.unit_id) - 1`),
    ).toBe(0);
    const r = await one<Record<string, number>>(`
      select count(*) as total,
        count(*) filter (where least(groove_1, groove_2, groove_3, groove_4) < 0
          or greatest(groove_1, groove_2, groove_3, groove_4) > 24 or pressure not between 0 and 200) as invalid,
        count(*) filter (where condition !~ '^[0-9]+(,[0-9]+){4}$') as bad_condition,
        count(*) filter (where condition <> '99,99,99,99,99') as defects,
        count(*) filter (where serial_number_url = '-') as no_photo
      from tire_check_records`);
    expect(Number(r.total)).toBeGreaterThan(10_000);
    expect(Number(r.invalid) + Number(r.bad_condition) + Number(r.no_photo)).toBe(0);
    expect(Number(r.defects)).toBeGreaterThan(0);
    expect(Number(r.defects)).toBeLessThan(Number(r.total) * 0.1);

    // pending checks where the tire man found another serial than the unit's active tire: the BKB ribbon
    expect(
      await n(`
      select count(distinct c.id) n from tire_check_records r
      join tire_checks c on c.id = r.tire_check_id and c.status = 'pending'
      join active_unit_tires a on a.unit_id = c.unit_id and a.position = r.position
      join tires t on t.id = a.tire_id
      where t.serial_number <> r.serial_number`),
    ).toBeGreaterThan(0);
  });

  it('dates the work by performed_at: a few queued documents were sent 2-3 days late, the rollups count the day of the work', async () => {
    const late = await q<{ kind: string; days: number }>(`
      select 'check' as kind, extract(epoch from created_at - performed_at)::int / 86400 as days from tire_checks
       where performed_at <> created_at and edp_sign = '-' and returned_at is null
      union all
      select 'replacement', extract(epoch from created_at - performed_at)::int / 86400 from tire_replacements
       where performed_at <> created_at and status = 'pending'
      union all
      select 'bkb', extract(epoch from created_at - performed_at)::int / 86400 from mismatches
       where performed_at <> created_at and status = 'pending'`);
    expect(late.map((r) => r.kind).sort()).toEqual(['bkb', 'check', 'check', 'check', 'replacement']);
    expect(late.every((r) => r.days >= 2 && r.days <= 3)).toBe(true);
    // nothing else differs, and nothing was done after it was received
    const others = await n(`select (select count(*) from tire_checks where performed_at <> created_at)
      + (select count(*) from tire_replacements where performed_at <> created_at)
      + (select count(*) from mismatches where performed_at <> created_at)
      + (select count(*) from qc_checks where performed_at <> created_at) as n`);
    expect(others).toBe(late.length);
    // every read model (the daily rollup counts the checks per local day of the work) equals its recount
    await expectReadModelsRecounted(database.db);
  });

  it('has replacements, BKB, QC checks, banners, news and the five SOP entries', async () => {
    const rep = await one<Record<string, number>>(`
      select count(*) as total, count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'approved' and edp_sign <> '-') as approved from tire_replacements`);
    expect(Number(rep.total)).toBeGreaterThanOrEqual(40);
    expect(Number(rep.pending)).toBeGreaterThan(0);
    expect(Number(rep.approved)).toBe(Number(rep.total) - Number(rep.pending));
    // a pending replacement installs a tire from stock at a position where another tire sits now
    const pending = await q<{ status: string; tire_status: string; here: boolean }>(`
      select r.status, t.status as tire_status,
        exists (select 1 from active_unit_tires a where a.unit_id = p.unit_id and a.position = r.position
          and a.tire_id = r.tire_id) as here
      from tire_replace_records r join tire_replacements p on p.id = r.tire_replacement_id
      join tires t on t.id = r.tire_id where p.status = 'pending'`);
    expect(pending.filter((x) => x.status === 'replace').length).toBeGreaterThan(0);
    for (const x of pending) {
      if (x.status === 'replace') expect(x).toMatchObject({ tire_status: 'UNINSTALLED', here: false });
      else expect(x).toMatchObject({ tire_status: 'INSTALLED', here: true });
    }

    const bkb = await q<{
      category: string;
      status: string;
      n: number;
      no_driver: number;
      unsigned: number;
    }>(`
      select category, status, count(*) as n, count(*) filter (where driver is null) as no_driver,
        count(*) filter (where signature_url = '-') as unsigned
      from mismatches group by 1, 2`);
    const total = bkb.reduce((s, b) => s + Number(b.n), 0);
    expect(total).toBeGreaterThanOrEqual(25);
    expect(new Set(bkb.map((b) => b.status))).toEqual(new Set(['pending', 'approved']));
    expect(bkb.map((b) => b.category)).toEqual(
      expect.arrayContaining(['Serial tidak sesuai', 'Ban hilang', 'Posisi tertukar']),
    );
    expect(bkb.reduce((s, b) => s + Number(b.no_driver), 0)).toBeGreaterThan(0);
    expect(bkb.filter((b) => b.status === 'approved').every((b) => Number(b.unsigned) === 0)).toBe(true);
    expect(
      await n(`select count(*) n from mismatches m where not exists (
      select 1 from mismatch_positions p where p.mismatch_id = m.id)`),
    ).toBe(0);

    const qc = await q<Record<string, string>>(`select * from qc_checks`);
    expect(qc.length).toBeGreaterThanOrEqual(30);
    for (const row of qc) {
      for (let i = 1; i <= 14; i++) expect(row[`check${i}`]).toMatch(/^(true|false)(,(true|false)){13}$/);
    }

    expect(await n(`select count(*) n from banners`)).toBe(3);
    expect(await n(`select count(*) n from news where title <> '' and news <> '' and author <> ''`)).toBe(5);
    const sop = await q<{ title: string; description: string }>(
      `select title, description from sop_entries order by sort_order`,
    );
    expect(sop.map((s) => s.title)).toEqual([
      'Profile Company',
      'Vulkanisir Procedure',
      'Tire Check Procedure',
      'Tire Retreading Process',
      'Repairing Tire Procedure',
    ]);
    expect(sop.every((s) => s.description.length > 50)).toBe(true);
  });

  it('stores every photo and signature the rows refer to as a real PNG, served under /files', async () => {
    const paths = (
      await q<{ p: string }>(`
      select photo as p from users union select signature from users
      union select photo from drivers
      union select plate_number_url from tire_checks union select odometer_url from tire_checks
      union select edp_sign from tire_checks union select pic_sign from tire_checks
      union select driver_sign from tire_checks union select workshop_sign from tire_checks
      union select serial_number_url from tire_check_records
      union select edp_sign from tire_replacements union select workshop_sign from tire_replacements
      union select image_url from mismatches union select signature_url from mismatches
      union select image from banners union select image_url from news`)
    )
      .map((r) => r.p)
      .filter((p) => p && p !== '-');
    expect(paths.length).toBeGreaterThan(100);
    for (const p of paths) {
      const stream = await storage.get(p);
      expect(stream, p).not.toBeNull();
      const buf = await readAll(stream!);
      expect(buf.subarray(0, 8).equals(PNG), p).toBe(true);
      expect(buf.length).toBeLessThan(200_000);
    }
    const banner = await one<{ image: string }>(`select image from banners order by id limit 1`);
    const { urls } = await app.fileUrls.sign([banner.image]);
    const res = await app.inject({ method: 'GET', url: urls[banner.image]! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // a 1200x400 banner: width and height from the IHDR chunk
    expect(res.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(res.rawPayload.readUInt32BE(20)).toBe(400);
  });

  it('does nothing when run again on the seeded database', async () => {
    const tables = [
      'users',
      'units',
      'tires',
      'active_unit_tires',
      'tire_events',
      'tire_checks',
      'tire_check_records',
      'tire_replacements',
      'mismatches',
      'qc_checks',
      'banners',
      'news',
      'sop_entries',
    ];
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (t) => [t, await n(`select count(*) n from ${t}`)])),
      );
    const before = await counts();
    expect(await seedDemoIfEmpty(database.db, storage, app.log)).toBe(false);
    expect(await counts()).toEqual(before);
    // ids continue after the seeded rows
    const next = await one<{ id: number }>(`insert into customers (name) values ('PT Baru') returning id`);
    expect(Number(next.id)).toBe(4);
  });
});
