import fs from 'node:fs';
import path from 'node:path';
import { MISMATCH_CATEGORY_MESSAGES } from '@itms/contracts/mismatch-categories';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { MIGRATIONS_DIR, rowsOf } from '../../db/client';
import { auditLog, mismatches, units } from '../../db/schema';

type Json = Record<string, unknown>;
let t: TestApp;
let admin: string;
let staff: string;
let tireman: string;
let tronton: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(FX.admin.email);
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  const [u] = await t.database.db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.plate_number, FX.tronton));
  tronton = u!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: { access_token: token } });

const list = async () => (await call('GET', '/mismatch-category')).json() as Json[];
const byName = async (name: string) => (await list()).find((c) => c.name === name)!;

/** A tire man's BKB with this category; its reply. */
const report = (category: string) =>
  call(
    'POST',
    '/mismatch',
    { unit_id: tronton, category, image_url: '-', positions: [{ position: '1', found_serial: 'ZZ-1' }] },
    tireman,
  );

/** A BKB as an older app or an import left it: any text. */
async function legacyBkb(category: string): Promise<number> {
  const [row] = await t.database.db
    .insert(mismatches)
    .values({ unit_id: tronton, category })
    .returning({ id: mismatches.id });
  return row!.id;
}
const categoryOf = async (id: number) =>
  (await t.database.db.select({ c: mismatches.category }).from(mismatches).where(eq(mismatches.id, id)))[0]!
    .c;

const lastAudit = async (action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mismatch_category'), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('BKB categories', () => {
  it('starts with the four categories the field app suggested, active and unused', async () => {
    const rows = await list();
    expect(rows.map((r) => [r.name, r.active, r.usage]).sort()).toEqual(
      [
        ['Ban hilang', true, 0],
        ['Ban tidak terdaftar', true, 0],
        ['Nomor seri tidak sesuai', true, 0],
        ['Posisi ban tertukar', true, 0],
      ].sort(),
    );
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/mismatch-category', undefined, staff)).statusCode).toBe(403);
    expect((await call('POST', '/mismatch-category', { name: 'X' }, tireman)).statusCode).toBe(403);
  });

  it('takes a BKB only with a listed, active category, stored as listed', async () => {
    const ok = await report('  nomor SERI tidak sesuai ');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await categoryOf(ok.json().id)).toBe('Nomor seri tidak sesuai');

    const unknown = await report('Serial tidak sesuai');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'MISMATCH_CATEGORY_UNKNOWN',
      message: 'Kategori BKB tidak dikenal',
      fields: [{ field: 'category', message: 'Kategori BKB tidak dikenal' }],
    });
    expect((await byName('Nomor seri tidak sesuai')).usage).toBe(1);
  });

  it('adds a category (names are one regardless of case and spaces) and audits it', async () => {
    const created = await call('POST', '/mismatch-category', { name: '  Ban gundul ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: MISMATCH_CATEGORY_MESSAGES.created,
      data: { name: 'Ban gundul', active: true, usage: 0 },
    });
    expect((await lastAudit('create'))?.detail).toEqual({ name: 'Ban gundul' });

    const again = await call('POST', '/mismatch-category', { name: 'BAN GUNDUL' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'MISMATCH_CATEGORY_NAME_TAKEN',
      message: 'Nama kategori BKB sudah terdaftar',
    });
    const blank = await call('POST', '/mismatch-category', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([{ field: 'name', message: 'Nama kategori wajib diisi' }]);
  });

  it('renames a category and every BKB that carries it', async () => {
    const bkb = await report('Ban hilang');
    expect(bkb.statusCode).toBe(201);
    const cat = await byName('Ban hilang');
    const res = await call('PUT', `/mismatch-category/${cat.id}`, { name: 'Ban hilang di jalan' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ban hilang di jalan', usage: 1, active: true });
    expect(await categoryOf(bkb.json().id)).toBe('Ban hilang di jalan');
    expect((await lastAudit('update'))?.detail).toEqual({
      before: { name: 'Ban hilang', active: true },
      after: { name: 'Ban hilang di jalan' },
      renamedMismatches: 1,
    });
    const taken = await call('PUT', `/mismatch-category/${cat.id}`, { name: 'nomor seri tidak sesuai' });
    expect(taken.statusCode).toBe(409);
    expect((await call('PUT', '/mismatch-category/999999', { name: 'Apa saja' })).statusCode).toBe(404);
  });

  it('deactivates a category: kept on its BKB, no longer offered to the phone nor accepted', async () => {
    const cat = await byName('Ban tidak terdaftar');
    const before = (await call('GET', '/field/bootstrap', undefined, tireman)).json();
    expect(before.mismatch_categories.map((c: Json) => c.name)).toContain('Ban tidak terdaftar');
    const res = await call('PUT', `/mismatch-category/${cat.id}`, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ban tidak terdaftar', active: false });
    const after = (await call('GET', '/field/bootstrap', undefined, tireman)).json();
    expect(after.mismatch_categories.map((c: Json) => c.name)).not.toContain('Ban tidak terdaftar');
    expect((await report('Ban tidak terdaftar')).json().code).toBe('MISMATCH_CATEGORY_UNKNOWN');
    // inactive ones are listed after the active ones
    expect((await list()).at(-1)!.name).toBe('Ban tidak terdaftar');
    expect((await call('PUT', `/mismatch-category/${cat.id}`, { active: true })).json().data.active).toBe(
      true,
    );
  });

  it('merges categories: their BKB take the kept name and the merged ones are removed', async () => {
    const a = (await call('POST', '/mismatch-category', { name: 'Serial tidak sesuai' })).json().data;
    const b = (await call('POST', '/mismatch-category', { name: 'SN beda' })).json().data;
    const keep = await byName('Nomor seri tidak sesuai');
    const x = await legacyBkb('Serial tidak sesuai');
    const y = await legacyBkb('SN beda');
    const z = await legacyBkb('SN beda');
    const usageBefore = keep.usage as number;

    const bad = await call('POST', '/mismatch-category/merge', { keep_id: keep.id, merge_ids: [keep.id] });
    expect(bad.statusCode).toBe(400);
    const missing = await call('POST', '/mismatch-category/merge', { keep_id: keep.id, merge_ids: [999999] });
    expect(missing.statusCode).toBe(404);
    expect(await categoryOf(x)).toBe('Serial tidak sesuai');

    const res = await call('POST', '/mismatch-category/merge', { keep_id: keep.id, merge_ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Kategori BKB berhasil digabung (3 BKB dipindahkan)',
      moved: 3,
      data: { id: keep.id, name: 'Nomor seri tidak sesuai', usage: usageBefore + 3 },
    });
    for (const id of [x, y, z]) expect(await categoryOf(id)).toBe('Nomor seri tidak sesuai');
    const names = (await list()).map((r) => r.name);
    expect(names).not.toContain('Serial tidak sesuai');
    expect(names).not.toContain('SN beda');
    expect((await lastAudit('merge'))?.detail).toEqual({
      kept: 'Nomor seri tidak sesuai',
      merged: [
        { id: a.id, name: 'Serial tidak sesuai' },
        { id: b.id, name: 'SN beda' },
      ],
      movedMismatches: 3,
    });
  });
});

describe('migration 0039', () => {
  it('lists every category a BKB already carried, one per spelling, and no BKB loses its category', async () => {
    const statements = fs
      .readFileSync(path.join(MIGRATIONS_DIR, '0039_mismatch_categories.sql'), 'utf8')
      .split('--> statement-breakpoint');
    // the data part, run again on emptied tables with a few BKB as older apps left them, then rolled back
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from mismatch_categories`);
        await tx.execute(sql`delete from mismatches`);
        const ids: number[] = [];
        for (const category of ['Serial tidak sesuai ', 'serial TIDAK sesuai', ' ban hilang', 'Beda merk']) {
          const [row] = await tx
            .insert(mismatches)
            .values({ unit_id: tronton, category })
            .returning({ id: mismatches.id });
          ids.push(row!.id);
        }
        for (const s of statements.slice(2)) await tx.execute(sql.raw(s));
        const names = rowsOf<{ name: string }>(
          await tx.execute(sql`select name from mismatch_categories order by id`),
        );
        expect(names.map((r) => r.name)).toEqual([
          'Nomor seri tidak sesuai',
          'Posisi ban tertukar',
          'Ban tidak terdaftar',
          'Ban hilang',
          'Serial tidak sesuai',
          'Beda merk',
        ]);
        const rows = await tx.select({ id: mismatches.id, category: mismatches.category }).from(mismatches);
        const of = new Map(rows.map((r) => [r.id, r.category]));
        expect(ids.map((id) => of.get(id))).toEqual([
          'Serial tidak sesuai',
          'Serial tidak sesuai',
          'Ban hilang',
          'Beda merk',
        ]);
        // every BKB's category is on the list
        const orphans = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from mismatches m where not exists (select 1 from mismatch_categories c where c.name = m.category)`,
          ),
        );
        expect(orphans[0]!.n).toBe(0);
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
    expect((await list()).length).toBeGreaterThan(3);
  });
});
