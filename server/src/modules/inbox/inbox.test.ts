// Issue 39, item 2: the office inbox. A BKB from the field lands in every office user's inbox after
// the commit, each with his own read state; preferences turn a kind off; a delivery that fails is
// retried and never fails the write that caused it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backgroundSettled, createTestApp, FX, type TestApp } from '../../../test/helpers';
import { sendCheck } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { importer } from '../imports/imports.test-kit';
import { sweepWaitingChecks } from './inbox-producers';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, location: 0, project: 0, admin: 0, staff: 0 };

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function reportBkb(): Promise<number> {
  const res = await call(tok.tireman, 'POST', '/mismatch', {
    unit_id: ids.tronton,
    location_id: ids.location,
    category: 'Nomor seri tidak sesuai',
    information: 'Ban di lapangan berbeda dengan data',
    positions: [{ position: '2', found_serial: 'X-9999' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.inbox.idle();
  return res.json().id;
}

const unread = async (token: string) =>
  (await call(token, 'GET', '/inbox/unread-count')).json().unread as number;

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from locations where name = ${FX.location}) as location,
           (select id from projects where name = ${FX.project}) as project,
           (select id from users where email = ${FX.admin.email}) as admin,
           (select id from users where email = ${FX.staff.email}) as staff`);
  Object.assign(ids, u);
});
afterAll(async () => {
  await t?.close();
});

describe('a new BKB', () => {
  it("reaches every office user's inbox after the commit, told to his sockets, linking to /mismatch", async () => {
    const told = vi.spyOn(t.app.realtime, 'toUser');
    const before = { admin: await unread(tok.admin), staff: await unread(tok.staff) };
    const id = await reportBkb();
    expect(await unread(tok.admin)).toBe(before.admin + 1);
    expect(await unread(tok.staff)).toBe(before.staff + 1);
    const list = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=10')).json();
    expect(list.data[0]).toMatchObject({
      kind: 'bkb',
      title: `BKB baru #${id}: ${FX.tronton}`,
      body: `Nomor seri tidak sesuai · dari ${FX.tireman.name}`,
      link: '/mismatch',
      read_at: null,
    });
    const inboxEvents = told.mock.calls.filter((c) => c[1] === 'inbox-item');
    expect(inboxEvents.map((c) => c[0]).sort()).toEqual(expect.arrayContaining([ids.admin, ids.staff]));
    expect(inboxEvents.every((c) => (c[2] as { kind: string }).kind === 'bkb')).toBe(true);
    told.mockRestore();
    // the tire man has no inbox
    expect((await call(tok.tireman, 'GET', '/inbox/unread-count')).statusCode).toBe(403);
  });

  it('is read per user: the EDP reading it leaves the admin its unread copy', async () => {
    const id = await reportBkb();
    const [mine] = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=1&unread=true')).json().data;
    expect(mine.title).toContain(`#${id}`);
    const before = await unread(tok.admin);
    const staffBefore = await unread(tok.staff);
    const res = await call(tok.staff, 'POST', `/inbox/${mine.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Ditandai sudah dibaca', unread: staffBefore - 1 });
    expect(await unread(tok.admin)).toBe(before);
    const again = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=50')).json();
    expect(again.data.find((i: { id: number }) => i.id === mine.id).read_at).not.toBeNull();
    // the unread filter leaves it out; someone else's item is a 404, and stays unread for him
    const unreadOnly = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=50&unread=true')).json();
    expect(unreadOnly.data.some((i: { id: number }) => i.id === mine.id)).toBe(false);
    const [adminsItem] = (await call(tok.admin, 'GET', '/inbox?page=1&pageSize=1&unread=true')).json().data;
    expect((await call(tok.staff, 'POST', `/inbox/${adminsItem.id}/read`)).statusCode).toBe(404);
    expect(await unread(tok.admin)).toBe(before);
    // everything at once
    const all = await call(tok.admin, 'POST', '/inbox/read-all');
    expect(all.json()).toEqual({ message: 'Semua ditandai sudah dibaca', unread: 0 });
    expect(await unread(tok.admin)).toBe(0);
    expect(await unread(tok.staff)).toBeGreaterThan(0);
  });

  it('is paged on the server, newest first', async () => {
    const page1 = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=1')).json();
    const page2 = (await call(tok.staff, 'GET', '/inbox?page=2&pageSize=1')).json();
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(page1.data).toHaveLength(1);
    expect(page1.data[0].id).toBeGreaterThan(page2.data[0].id);
  });
});

describe('preferences', () => {
  it('turn a kind off for one user only; items already received stay', async () => {
    const initial = (await call(tok.admin, 'GET', '/inbox/preferences')).json();
    expect(initial.preferences).toContainEqual({ kind: 'bkb', enabled: true });
    const bad = await call(tok.admin, 'PUT', '/inbox/preferences', {
      preferences: [{ kind: 'breakdown', enabled: false }],
    });
    expect(bad.statusCode).toBe(400);
    const saved = await call(tok.admin, 'PUT', '/inbox/preferences', {
      preferences: [{ kind: 'bkb', enabled: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Pilihan notifikasi disimpan');
    expect(saved.json().preferences).toContainEqual({ kind: 'bkb', enabled: false });
    expect(saved.json().preferences).toContainEqual({ kind: 'import-done', enabled: true });

    const adminBefore = await unread(tok.admin);
    const staffBefore = await unread(tok.staff);
    await reportBkb();
    expect(await unread(tok.admin)).toBe(adminBefore);
    expect(await unread(tok.staff)).toBe(staffBefore + 1);

    await call(tok.admin, 'PUT', '/inbox/preferences', { preferences: [{ kind: 'bkb', enabled: true }] });
    await reportBkb();
    expect(await unread(tok.admin)).toBe(adminBefore + 1);
  });
});

describe('delivery', () => {
  it('is retried when the database refuses, and never fails the BKB that caused it', async () => {
    const staffBefore = await unread(tok.staff);
    // the first attempt fails: the inbox table is briefly locked out by a trigger
    await t.database.db.execute(sql`
      create or replace function inbox_refuse() returns trigger language plpgsql as $$
      begin raise exception 'inbox unavailable'; end $$`);
    await t.database.db.execute(
      sql`create trigger inbox_refuse before insert on inbox_items for each row execute function inbox_refuse()`,
    );
    const res = await call(tok.tireman, 'POST', '/mismatch', {
      unit_id: ids.tronton,
      location_id: ids.location,
      category: 'Nomor seri tidak sesuai',
      positions: [{ position: '3', found_serial: 'X-7777' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    await new Promise((r) => setTimeout(r, 100));
    expect(await unread(tok.staff)).toBe(staffBefore);
    await t.database.db.execute(sql`drop trigger inbox_refuse on inbox_items`);
    // the retry (1 s later) delivers it, once
    await t.app.inbox.idle();
    expect(await unread(tok.staff)).toBe(staffBefore + 1);
  });

  it('with the same key twice (two processes sweeping) writes one item per user', async () => {
    const m = {
      kind: 'check-waiting' as const,
      title: 'x',
      body: '',
      link: '/validasi',
      dedupeKey: 'test:1',
    };
    const first = await t.app.inbox.deliver(m);
    const second = await t.app.inbox.deliver(m);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(second).toBe(0);
  });
});

describe('an import of units', () => {
  it('is told to the other office users, not to its author, linking to /unit', async () => {
    const send = importer(
      () => t,
      () => tok.admin,
    );
    const adminBefore = await unread(tok.admin);
    const staffBefore = await unread(tok.staff);
    const csv = ['plate_number;unit_type;project;tonnage', `"B 7001 INB";TRONTON;"${FX.project}";10`].join(
      '\r\n',
    );
    const res = await send('/api/import/units/commit', Buffer.from(csv), 'unit-baru.csv');
    expect(res.statusCode, res.body).toBe(201);
    await t.app.inbox.idle();
    expect(await unread(tok.admin)).toBe(adminBefore);
    expect(await unread(tok.staff)).toBe(staffBefore + 1);
    const [item] = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=1')).json().data;
    expect(item).toMatchObject({
      kind: 'import-done',
      title: 'Impor Unit selesai: 1 unit ditambahkan',
      body: `oleh ${FX.admin.name} · unit-baru.csv`,
      link: '/unit',
    });
  });
});

describe('checks waiting over 24 hours', () => {
  it('are announced once each by the sweep, also when two processes sweep at once', async () => {
    // a sent check, received 25 hours ago; one received 2 hours ago is not due
    const [c] = await q<{ id: number }>(sql`
      select id from tire_checks where stage in ('sent', 'resubmitted') order by id limit 1`);
    let checkId = c?.id;
    if (!checkId) {
      const [u] = await q<{ id: number }>(sql`select id from users where email = ${FX.tireman.email}`);
      const [made] = await q<{ id: number }>(sql`
        insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer)
        values (${ids.tronton}, ${FX.tronton}, ${u!.id}, ${ids.location}, 1) returning id`);
      checkId = made!.id;
    }
    await q(sql`update tire_checks set created_at = now() - interval '25 hours' where id = ${checkId}`);
    const staffBefore = await unread(tok.staff);
    const told = await Promise.all([sweepWaitingChecks(t.app), sweepWaitingChecks(t.app)]);
    expect(told[0] + told[1]).toBeGreaterThanOrEqual(1);
    expect(await sweepWaitingChecks(t.app)).toBe(0);
    const items = await q<{ user_id: number; title: string; link: string }>(sql`
      select user_id, title, link from inbox_items where dedupe_key = ${`check-waiting:${checkId}`}`);
    const office = await q<{ id: number }>(
      sql`select id from users where role in ('admin', 'staff') order by id`,
    );
    expect(items.map((i) => i.user_id).sort((a, b) => a - b)).toEqual(office.map((u) => u.id));
    expect(items[0]!.title).toBe(
      `Pengecekan #${checkId} (${FX.tronton}) menunggu validasi lebih dari 24 jam`,
    );
    expect(items[0]!.link).toBe('/validasi');
    expect(await unread(tok.staff)).toBeGreaterThan(staffBefore);
    // one that has waited less than 24 hours is not announced
    await q(sql`update tire_checks set created_at = now() - interval '2 hours' where id = ${checkId}`);
    await q(sql`delete from inbox_items where dedupe_key = ${`check-waiting:${checkId}`}`);
    expect(await sweepWaitingChecks(t.app)).toBe(0);
  });
});

describe('new critical tires', () => {
  /** The tronton's ten tires checked at `odometer` and validated, 11 mm and normal unless `worn` says RTD. */
  async function validatedCheck(
    odometer: number,
    worn: Record<number, number>,
    conditions: Record<number, string> = {},
  ) {
    const tires = await q<{ id: number; serial_number: string; position: number }>(sql`
      select t.id, t.serial_number, a.position::int as position from active_unit_tires a join tires t on t.id = a.tire_id
       where a.unit_id = ${ids.tronton} and a.status = 'INSTALLED' order by a.position::int`);
    const records = tires.map((tire) => {
      const rtd = worn[tire.position] ?? 11;
      return {
        position: String(tire.position),
        serial_number: tire.serial_number,
        groove_1: rtd,
        groove_2: rtd,
        groove_3: rtd,
        groove_4: rtd,
        pressure: 105,
        condition: conditions[tire.position] ?? '99,99,99,99,99',
      };
    });
    await sendCheck(
      t,
      tok,
      { unit_id: ids.tronton, location_id: ids.location, project_id: ids.project, odometer, records },
      { tireIdOf: (_r, i) => tires[i]!.id },
    );
    await backgroundSettled(t.app);
    return tires;
  }
  const criticalItems = async (token: string) =>
    (
      (await call(token, 'GET', '/inbox?page=1&pageSize=50')).json().data as {
        kind: string;
        title: string;
        body: string;
        link: string;
      }[]
    ).filter((i) => i.kind === 'critical-tire');

  it('a validation that leaves a tire below the pull point or with an unsafe defect tells the office once per tire and kind', async () => {
    const [unsafe] = await q<{ code: number; name: string }>(
      sql`select code, name from defect_codes where unsafe order by code limit 1`,
    );
    expect(unsafe, 'the catalogue has an unsafe code').toBeDefined();
    const before = (await criticalItems(tok.staff)).length;
    const tires = await validatedCheck(91_000, { 3: 2 }, { 5: `99,99,${unsafe!.code},99,99` });
    const items = await criticalItems(tok.staff);
    expect(items.length).toBe(before + 2);
    const third = tires.find((x) => x.position === 3)!;
    const fifth = tires.find((x) => x.position === 5)!;
    expect(items).toEqual(
      expect.arrayContaining([
        {
          ...items.find((i) => i.title.endsWith('posisi 3')),
          title: `Ban kritis baru: ${FX.tronton} posisi 3`,
          body: `${third.serial_number} · Di bawah batas cabut: RTD 2 mm`,
          link: `/ban-kritis?kind=below-pull&q=${encodeURIComponent(third.serial_number)}`,
        },
        {
          ...items.find((i) => i.title.endsWith('posisi 5')),
          title: `Ban kritis baru: ${FX.tronton} posisi 5`,
          body: expect.stringMatching(
            new RegExp(`^${fifth.serial_number} · Kerusakan tidak aman: .*${unsafe!.code}`),
          ),
          link: `/ban-kritis?kind=unsafe-defect&q=${encodeURIComponent(fifth.serial_number)}`,
        },
      ]),
    );
    // the admin has them too
    expect((await criticalItems(tok.admin)).length).toBeGreaterThanOrEqual(2);

    // the next check finds the same tire still worn: not new, not told again; a tire fine is never told
    await validatedCheck(92_000, { 3: 2 });
    expect((await criticalItems(tok.staff)).length).toBe(before + 2);
  });

  it('are not told to a user who turned them off', async () => {
    const off = await call(tok.admin, 'PUT', '/inbox/preferences', {
      preferences: [{ kind: 'critical-tire', enabled: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const admin = (await criticalItems(tok.admin)).length;
    const staff = (await criticalItems(tok.staff)).length;
    await validatedCheck(93_000, { 7: 1.5 });
    expect((await criticalItems(tok.admin)).length).toBe(admin);
    expect((await criticalItems(tok.staff)).length).toBe(staff + 1);
    await call(tok.admin, 'PUT', '/inbox/preferences', {
      preferences: [{ kind: 'critical-tire', enabled: true }],
    });
  });
});
