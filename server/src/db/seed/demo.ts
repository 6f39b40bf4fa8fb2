import path from 'node:path';
import { type Column, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../lib/password';
import { newUploadKey, type Storage } from '../../lib/storage';
import { SERVER_ROOT } from '../../paths';
import { type Db, rowsOf, type Tx } from '../client';
import { refreshTireWear } from '../read-models/tire-wear/wear';
import {
  activeUnitTires,
  banners,
  customers,
  drivers,
  locations,
  mismatchCategories,
  mismatches,
  mismatchPositions,
  news,
  projects,
  qcChecks,
  regions,
  sopEntries,
  tireChecks,
  tireEvents,
  tireReplacements,
  tireReplaceRecords,
  tireRequests,
  tires,
  units,
  users,
} from '../schema';
import { avatar, bannerImage, odometerPhoto, platePhoto, signature, tirePhoto } from './images';
import {
  BANNERS,
  BKB_CATEGORIES,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DEMO_STAFF,
  DEMO_TIREMAN_EMAIL,
  DEMO_WORKSHOP,
  LOCATIONS,
  NEWS,
  REGIONS,
  SOP_ENTRIES,
  TIRE_MEN,
  WORKSHOPS,
} from './names';
import { DAY_MS, DEFECT_CONDITIONS, NORMAL_CONDITION, Random, TIRE_BRANDS } from './shapes';
import { buildDemoWorld, type DemoImages, type DemoWorld, type IdBase } from './world';

export const DEMO_PASSWORD = 'itms12345';

/**
 * Seeds a believable Indonesian fleet tire operation on an empty database: 6 regions, 10 pools,
 * 60 units of all 13 types with a tire on every position, 600 tires, 12 tire men, two months of
 * checks (pending and approved) with their records, replacements, BKB, QC checks, banners, news
 * and SOP, with real PNG photos and signatures in storage. One transaction; a few seconds.
 */
export async function seedDemo(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  const now = new Date();
  const keys = imageKeys(now);
  const people = [DEMO_ADMIN, DEMO_STAFF, ...TIRE_MEN, DEMO_WORKSHOP, DEMO_CUSTOMER];
  // every demo account has the same published password: one scrypt hash serves them all
  const [hash, base] = await Promise.all([hashPassword(DEMO_PASSWORD), idBase(db)]);
  const hashes = people.map(() => hash);
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const t = performance.now();
    phases[name] = Math.round(t - mark);
    mark = t;
  };
  phase('prepare');
  const world = buildDemoWorld(now, keys, base, hashes);
  phase('world');
  const sopVideos = SOP_ENTRIES.map((s) => (s.video ? newUploadKey(s.video.split('.').pop()!, now) : null));
  await Promise.all([storeImages(storage, keys, world), storeSopVideos(storage, sopVideos)]);
  phase('images');

  let records = 0;
  await db.transaction(async (tx) => {
    await bulkInsert(tx, regions, world.regions, now);
    await bulkInsert(tx, locations, world.locations, now);
    await bulkInsert(tx, customers, world.customers, now);
    // after the customers: a customer's account names its customer
    await bulkInsert(tx, users, world.users, now);
    await bulkInsert(tx, projects, world.projects, now);
    await bulkInsert(tx, drivers, world.drivers, now);
    await bulkInsert(tx, units, world.units, now);
    await bulkInsert(tx, tires, world.tires, now);
    await bulkInsert(tx, tireRequests, world.tireRequests, now);
    await bulkInsert(tx, activeUnitTires, world.activeUnitTires, now);
    await bulkInsert(tx, tireChecks, world.tireChecks, now);
    phase('fleet');
    records = await insertCheckRecords(tx, world, keys.tirePhotos);
    phase('records');
    await applyFindings(tx, world);
    await syncTiresWithLastApprovedCheck(tx);
    phase('sync');
    await bulkInsert(tx, tireReplacements, world.tireReplacements, now);
    await bulkInsert(tx, tireReplaceRecords, world.tireReplaceRecords, now);
    // the demo's BKB categories join the list the migration seeded (names kept as the seed writes them)
    await tx
      .insert(mismatchCategories)
      .values(Object.values(BKB_CATEGORIES).map((name) => ({ name })))
      .onConflictDoNothing();
    await bulkInsert(tx, mismatches, world.mismatches, now);
    await bulkInsert(tx, mismatchPositions, world.mismatchPositions, now);
    await bulkInsert(tx, qcChecks, world.qcChecks, now);
    // the ledger after the documents it names, as a live system writes it: its trigger reads their
    // locations into tire_stock_state (the Warehouse's location of a tire in stock)
    await bulkInsert(tx, tireEvents, world.tireEvents, now);
    // the documents given back to the tire man have their Return in the history (who, when, why)
    await tx.execute(sql`
      insert into submission_returns (kind, record_id, reason, returned_by, returned_at)
      select 'tire-check', c.id, coalesce(c.return_reason, '-'), s.id, c.returned_at
        from tire_checks c, (select id from users where email = ${DEMO_STAFF.email}) s
       where c.returned_at is not null
      union all
      select 'tire-replacement', r.id, coalesce(r.return_reason, '-'), s.id, r.returned_at
        from tire_replacements r, (select id from users where email = ${DEMO_STAFF.email}) s
       where r.returned_at is not null`);
    // the demo tire man works on the project he checks most: his phone shows its units
    await tx.execute(sql`
      insert into tireman_projects (user_id, project_id)
      select c.tireman_id, u.project_id
        from tire_checks c join units u on u.id = c.unit_id join users m on m.id = c.tireman_id
       where m.email = ${DEMO_TIREMAN_EMAIL}
       group by 1, 2 order by count(*) desc, 2 limit 1`);
    await bulkInsert(
      tx,
      banners,
      BANNERS.map((b, i) => ({ name: b.name, image: keys.banners[i], created_at: ago(now, 40 - i * 10) })),
      now,
    );
    await bulkInsert(
      tx,
      news,
      NEWS.map((n, i) => ({
        title: n.title,
        news: n.news,
        author: n.author === 'admin' ? DEMO_ADMIN.name : DEMO_STAFF.name,
        imageUrl: keys.news[i],
        created_at: ago(now, 50 - i * 9),
      })),
      now,
    );
    await bulkInsert(
      tx,
      sopEntries,
      SOP_ENTRIES.map((s, i) => ({
        sort_order: i + 1,
        title: s.title,
        description: s.description,
        video_url: '',
        video_path: sopVideos[i] ?? null,
      })),
      now,
    );
    await resetSequences(tx);
    phase('documents');
  });
  phase('commit');
  // tire life and wear statistics of every tire (issue 11), on fresh planner statistics
  await db.execute(sql`analyze`);
  await db.transaction(async (tx) => refreshTireWear(tx, 'all'));
  phase('wear');
  log.info(
    {
      ms: Math.round(performance.now() - started),
      phases,
      units: world.units.length,
      tires: world.tires.length,
      checks: world.tireChecks.length,
      records,
      replacements: world.tireReplacements.length,
      mismatches: world.mismatches.length,
    },
    'demo fleet seeded',
  );
}

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Tables the seed fills with explicit ids, so rows can refer to each other before they are written. */
const ID_TABLES = [
  'users',
  'regions',
  'locations',
  'drivers',
  'customers',
  'projects',
  'units',
  'tires',
  'tire_checks',
  'tire_replacements',
  'mismatches',
  'tire_requests',
] as const satisfies readonly (keyof IdBase)[];

async function idBase(db: Db): Promise<IdBase> {
  const cols = ID_TABLES.map((t) => `(select coalesce(max(id), 0) from ${t})::int as ${t}`).join(', ');
  const [row] = rowsOf<IdBase>(await db.execute(sql.raw(`select ${cols}`)));
  return row;
}

async function resetSequences(tx: Tx): Promise<void> {
  const calls = ID_TABLES.map(
    (t) => `setval(pg_get_serial_sequence('${t}', 'id'), greatest((select max(id) from ${t}), 1))`,
  ).join(', ');
  await tx.execute(sql.raw(`select ${calls}`));
}

/**
 * Inserts all rows in one statement: the rows travel as one JSON parameter and PostgreSQL unpacks
 * them with jsonb_to_recordset (much faster than tens of thousands of bound parameters, and
 * no parameter limit). Values a row leaves out get the column default.
 */
async function bulkInsert<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const given = rows as Record<string, unknown>[];
  const keys = Object.keys(columns).filter((k) => given.some((r) => r[k] !== undefined));
  const filled = given.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) out[k] = r[k] !== undefined ? r[k] : defaultOf(columns[k], now);
    return out;
  });
  const names = keys.map((k) => `"${columns[k].name}"`).join(', ');
  const fields = keys.map((k) => `"${k}"`).join(', ');
  const types = keys.map((k) => `"${k}" ${recordType(columns[k])}`).join(', ');
  await tx.execute(
    sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(fields)} from jsonb_to_recordset(${JSON.stringify(filled)}::jsonb) as x(${sql.raw(types)})`,
  );
}

function defaultOf(column: Column, now: Date): unknown {
  const value = column.defaultFn ? column.defaultFn() : column.default;
  // the only SQL default in the schema is now()
  if (is(value, SQL)) return now;
  return value ?? null;
}

function recordType(column: Column): string {
  const type = column.getSQLType();
  return type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type;
}

/**
 * One record per mounted position for every check, derived in SQL from the mount history: the
 * tire mounted at check time, its tread worn down with the unit's odometer, the pressure with a
 * little spread and an occasional defect code.
 */
async function insertCheckRecords(
  tx: Tx,
  world: DemoWorld,
  tirePhotos: Record<string, string>,
): Promise<number> {
  const result = await tx.execute(sql`
    insert into tire_check_records (
      tire_check_id, tire_id, position, serial_number, serial_number_url, ir_brand, ori_brand, pattern, size,
      status, groove_1, groove_2, groove_3, groove_4, pressure, condition, rotation, temperature, information,
      created_at, updated_at)
    select c.id, t.id, m.position, t.serial_number,
      coalesce(${JSON.stringify(tirePhotos)}::jsonb ->> t.ori_brand, '-'),
      t.ir_brand, t.ori_brand, t.pattern, t.size, 'INSTALLED',
      greatest(0, least(24, round(((w.tread - 0.5 * ((c.id + t.id) % 2)) * 2)::numeric) / 2)),
      greatest(0, least(24, round((w.tread * 2)::numeric) / 2)),
      greatest(0, least(24, round(((w.tread - 0.5 * ((c.id * 3 + t.id) % 3)) * 2)::numeric) / 2)),
      greatest(0, least(24, round(((w.tread - 0.5 * ((c.id + t.id * 5) % 2)) * 2)::numeric) / 2)),
      greatest(0, least(200, m.psi + ((c.id * 7 + t.id * 3) % 11) - 5
        - case when (c.id + t.id) % 41 = 0 then 30 else 0 end)),
      case when (c.id * 13 + t.id * 7) % 29 = 0
        then (string_to_array(${DEFECT_CONDITIONS.join(';')}, ';'))[1 + (c.id + t.id) % ${DEFECT_CONDITIONS.length}]
        else ${NORMAL_CONDITION} end,
      '',
      38 + (c.id * 5 + t.id) % 20,
      case when (c.id + t.id) % 41 = 0 then 'Tekanan angin kurang, sudah ditambah di lokasi'
           when (c.id * 13 + t.id * 7) % 29 = 0 then 'Perlu pemeriksaan lanjutan di bengkel'
           else '' end,
      c.created_at, coalesce(c.validated_at, c.created_at)
    from tire_checks c
    join jsonb_to_recordset(${JSON.stringify(world.mounts)}::jsonb) as m(
      unit_id int, position text, tire_id int, from_ts timestamptz, to_ts timestamptz,
      tread0 real, odo0 int, km_per_mm real, psi real)
      on m.unit_id = c.unit_id and c.created_at >= m.from_ts and c.created_at < m.to_ts
    join tires t on t.id = m.tire_id
    cross join lateral (select greatest(0, m.tread0 - (c.odometer - m.odo0) / m.km_per_mm) as tread) w
    where c.id between ${world.tireChecks[0]?.id ?? 0} and ${world.tireChecks.at(-1)?.id ?? 0}
    order by c.id, array_position(array['1','2','3','4','5','6','7','8','9','10','11','12','ST','ST2'], m.position)
  `);
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}

/** What tire men found on the unit in some pending checks: another serial, or no tire at all. */
async function applyFindings(tx: Tx, world: DemoWorld): Promise<void> {
  for (const f of world.findings) {
    if (f.serial === null) {
      await tx.execute(
        sql`delete from tire_check_records where tire_check_id = ${f.checkId} and position = ${f.position}`,
      );
    } else {
      await tx.execute(sql`
        update tire_check_records set serial_number = ${f.serial}, tire_id = ${f.tireId}
        where tire_check_id = ${f.checkId} and position = ${f.position}`);
    }
  }
}

/** A validated check writes its measurements to the tire: do the same for the last approved one of each tire. */
async function syncTiresWithLastApprovedCheck(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update tires t set
      groove_1 = r.groove_1, groove_2 = r.groove_2, groove_3 = r.groove_3, groove_4 = r.groove_4,
      groove_lowest = least(r.groove_1, r.groove_2, r.groove_3, r.groove_4),
      pressure = r.pressure, odometer = r.odometer
    from (
      select distinct on (r.tire_id) r.tire_id, r.groove_1, r.groove_2, r.groove_3, r.groove_4, r.pressure,
        c.odometer
      from tire_check_records r
      join tire_checks c on c.id = r.tire_check_id
      where c.status = 'approved' and r.tire_id is not null
      order by r.tire_id, c.created_at desc
    ) r
    where r.tire_id = t.id`);
}

// ------------------------------------------------------------------------------------------- images

const DRIVER_SIGNATURES = 4;
const ODOMETER_PHOTOS = 8;

function imageKeys(now: Date): DemoImages {
  const key = () => newUploadKey('png', now);
  const many = (n: number) => Array.from({ length: n }, key);
  const unitCount = LOCATIONS.reduce((n, l) => n + l.units.length, 0);
  return {
    userPhotos: many(2 + TIRE_MEN.length),
    tiremanSignatures: many(TIRE_MEN.length),
    adminSignature: key(),
    edpSignature: key(),
    picSignatures: many(REGIONS.length),
    driverSignatures: many(DRIVER_SIGNATURES),
    workshopSignatures: many(WORKSHOPS.length),
    driverPhotos: many(unitCount),
    platePhotos: many(unitCount),
    odometerPhotos: many(ODOMETER_PHOTOS),
    tirePhotos: Object.fromEntries(TIRE_BRANDS.map((b) => [b.name, key()])),
    banners: many(BANNERS.length),
    news: NEWS.map((n) => (n.image ? key() : null)),
  };
}

/** Where the demo's committed media live: beside the source, found the same way from dist/. */
export const SEED_ASSETS_DIR = path.join(SERVER_ROOT, 'src/db/seed/assets');

/** The procedures' demo videos (committed files) stored through the storage layer like uploads. */
async function storeSopVideos(storage: Storage, keys: (string | null)[]): Promise<void> {
  for (const [i, key] of keys.entries()) {
    const name = SOP_ENTRIES[i]?.video;
    if (!key || !name) continue;
    const mime = name.endsWith('.mp4') ? 'video/mp4' : 'video/webm';
    await storage.putFile(key, path.join(SEED_ASSETS_DIR, name), mime);
  }
}

/** Draws every picture the rows refer to and stores it under its key. */
async function storeImages(storage: Storage, keys: DemoImages, world: DemoWorld): Promise<void> {
  const rnd = new Random(97);
  const jobs: [string, () => Buffer][] = [];
  const add = (key: string | null, draw: () => Buffer): void => {
    if (key) jobs.push([key, draw]);
  };
  const people = [DEMO_ADMIN.name, DEMO_STAFF.name, ...TIRE_MEN.map((t) => t.name)];
  for (const [i, k] of keys.userPhotos.entries()) add(k, () => avatar(people[i], i));
  const signatures = [
    ...keys.tiremanSignatures,
    keys.adminSignature,
    keys.edpSignature,
    ...keys.picSignatures,
    ...keys.driverSignatures,
    ...keys.workshopSignatures,
  ];
  for (const k of signatures) add(k, () => signature(rnd));
  for (const [i, k] of keys.driverPhotos.entries())
    add(k, () => avatar(world.drivers[i]?.name ?? '', i + 3, 96));
  for (const [i, k] of keys.platePhotos.entries())
    add(k, () => platePhoto(world.units[i]?.plate_number ?? '', rnd));
  for (const k of keys.odometerPhotos) add(k, () => odometerPhoto(rnd.int(20_000, 480_000)));
  for (const b of TIRE_BRANDS) add(keys.tirePhotos[b.name], () => tirePhoto(b.name, b.patterns[0]));
  for (const [i, k] of keys.banners.entries())
    add(k, () => bannerImage(BANNERS[i].lines, BANNERS[i].from, BANNERS[i].to));
  for (const [i, k] of keys.news.entries()) {
    add(k, () => bannerImage([NEWS[i].image ?? ''], '#24292f', '#57606a', 640, 360));
  }
  // draw on this thread, write a few at a time
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const [k, draw] = jobs[next++];
      await storage.put(k, draw(), 'image/png');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
