import { API } from '@itms/contracts/api';
import type { TSummaryReply } from '@itms/contracts/reports';
import type { TWorkshopQueuePage } from '@itms/contracts/workshop';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { auditLog, locations, tireChecks, tireReplacements, units, users } from '../../db/schema';

let t: TestApp;
let admin: string;
let signer: string; // the workshop account
let edp: string; // staff: validates, sees the queue, may not sign
let other: string; // staff2, may not sign either
let tm: string;
const ids = { tronton: 0, engkel: 0, location: 0, admin: 0, staff: 0, staff2: 0, tireman: 0, workshop: 0 };
let storedSignature = '';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });

const queue = async (token: string, query = '') => {
  const res = await api(token, 'GET', `/workshop/queue${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TWorkshopQueuePage;
};

// March 2026 in Asia/Jakarta: a month of its own, away from the other tests' rows
const MARCH = { dateStart: '2026-03-01', dateEnd: '2026-03-31' };
const at = (day: number, hour = 3) => new Date(Date.UTC(2026, 2, day, hour));

/** A check as the field sent it (pending, PIC signed or not), straight in the database. */
async function pendingCheck(o: { plate?: string; performed: Date; pic?: boolean }): Promise<number> {
  const [row] = await t.database.db
    .insert(tireChecks)
    .values({
      unit_id: o.plate === FX.engkel ? ids.engkel : ids.tronton,
      plate_number: o.plate ?? FX.tronton,
      tireman_id: ids.tireman,
      location_id: ids.location,
      odometer: 60000,
      pic_sign: o.pic === false ? '-' : '2026/03/pic.png',
      performed_at: o.performed,
    })
    .returning({ id: tireChecks.id });
  return row!.id;
}

/** A validated check (approved by the EDP at `validated`), straight in the database. */
async function validatedCheck(o: { plate?: string; performed: Date; validated: Date }): Promise<number> {
  const id = await pendingCheck(o);
  await t.database.db
    .update(tireChecks)
    .set({
      status: 'approved',
      edp_sign: '2026/03/edp.png',
      validated_by: ids.staff,
      validated_at: o.validated,
    })
    .where(eq(tireChecks.id, id));
  return id;
}

async function validatedReplacement(o: { unit?: 'tronton' | 'engkel'; performed: Date; validated: Date }) {
  const [row] = await t.database.db
    .insert(tireReplacements)
    .values({
      unit_id: ids[o.unit ?? 'engkel'],
      tireman_id: ids.tireman,
      location_id: ids.location,
      odometer: 61000,
      edp_sign: '2026/03/edp.png',
      status: 'approved',
      validated_by: ids.staff,
      validated_at: o.validated,
      performed_at: o.performed,
    })
    .returning({ id: tireReplacements.id });
  return row!.id;
}

const checkRow = async (id: number) =>
  (await t.database.db.select().from(tireChecks).where(eq(tireChecks.id, id)))[0];
const replacementRow = async (id: number) =>
  (await t.database.db.select().from(tireReplacements).where(eq(tireReplacements.id, id)))[0];

const auditLines = (entity: string, entityIds: number[]) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'workshop-sign'),
        eq(auditLog.entity, entity),
        inArray(auditLog.entity_id, entityIds.map(String)),
      ),
    );

/** The dashboard's WS column: checks of March awaiting the workshop, all regions. */
async function wsCount(token: string): Promise<number> {
  const res = await api(token, 'POST', '/tire-check/summary', MARCH);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TSummaryReply).data.reduce((n, r) => n + r.awaiting_workshop, 0);
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, signer, edp, other, tm] = await Promise.all([
    t.login(FX.admin.email),
    t.login(FX.workshop.email),
    t.login(FX.staff.email),
    t.login(FX.staff2.email),
    t.login(FX.tireman.email),
  ]);
  const db = t.database.db;
  for (const u of await db.select().from(units)) {
    if (u.plate_number === FX.tronton) ids.tronton = u.id;
    if (u.plate_number === FX.engkel) ids.engkel = u.id;
  }
  ids.location = (await db.select().from(locations))[0]!.id;
  for (const u of await db.select().from(users)) {
    if (u.email === FX.admin.email) ids.admin = u.id;
    if (u.email === FX.staff.email) ids.staff = u.id;
    if (u.email === FX.workshop.email) ids.workshop = u.id;
    if (u.email === FX.staff2.email) ids.staff2 = u.id;
    if (u.email === FX.tireman.email) ids.tireman = u.id;
  }
  // the signer stores his signature (as on Profil saya)
  storedSignature = await uploadPhoto(t, signer);
  const stored = await api(signer, 'PUT', '/tire-man/me/signature', { signature: storedSignature });
  expect(stored.statusCode, stored.body).toBe(200);
});
afterAll(() => t.close());

describe('the workshop role (accounts)', () => {
  it('is given by the admin in the edit modal; staff cannot give it to himself', async () => {
    const body = { name: FX.staff2.name, email: FX.staff2.email, phone: '081100000003' };
    const self = await api(other, 'PUT', `/tire-man/${ids.staff2}`, { ...body, role: 'workshop' });
    expect(self.statusCode).toBe(403);
    const res = await api(admin, 'PUT', `/tire-man/${ids.staff2}`, { ...body, role: 'workshop' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toBe('workshop');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'user'),
          eq(auditLog.action, 'update'),
          eq(auditLog.entity_id, String(ids.staff2)),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(audit!.detail).toMatchObject({ after: { role: 'workshop' } });
    // the account now signs for the workshop, and reads nothing else of the office
    const asWorkshop = await t.login(FX.staff2.email);
    expect((await queue(asWorkshop)).can_sign).toBe(true);
    expect((await api(asWorkshop, 'GET', '/unit')).statusCode).toBe(403);
    expect((await api(asWorkshop, 'GET', '/mismatch-validation')).statusCode).toBe(403);
    const back = await api(admin, 'PUT', `/tire-man/${ids.staff2}`, { ...body, role: 'staff' });
    expect(back.statusCode, back.body).toBe(200);
    other = await t.login(FX.staff2.email);
    expect((await queue(other)).can_sign).toBe(false);
  });

  it('is given at registration (4, form-urlencoded too) and listed; a role outside the five is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/register',
      headers: { access_token: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Wawan Bengkel',
        email: 'ws@test.local',
        phone: '081100000099',
        password: 'kunci-gudang-barat-3',
        nik: '3171000000000099',
        role: '4',
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await api(admin, 'GET', '/tire-man?q=ws@test.local');
    expect(list.json().data).toEqual([expect.objectContaining({ name: 'Wawan Bengkel', role: 'workshop' })]);
    const bad = await api(admin, 'PUT', `/tire-man/${res.json().data.id}`, {
      name: 'Wawan Bengkel',
      email: 'ws@test.local',
      phone: '081100000099',
      role: 'mungkin',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      expect.objectContaining({
        field: 'role',
        message: 'Role harus admin, staff, tire-man, workshop atau pelanggan',
      }),
    ]);
  });
});

describe('the workshop role (scope)', () => {
  it('reads the detail and the PDF of validated work only; before validation it is not found', async () => {
    // June: away from the months the queue's tests count
    const june = (day: number) => new Date(Date.UTC(2026, 5, day, 3));
    const validated = await validatedCheck({ performed: june(20), validated: june(21) });
    const pending = await pendingCheck({ performed: june(20) });
    for (const id of [validated, pending]) {
      expect((await api(edp, 'GET', `/tire-check/detail/${id}`)).statusCode).toBe(200);
    }
    const detail = await api(signer, 'GET', `/tire-check/detail/${validated}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().id).toBe(validated);
    const pdf = await api(signer, 'GET', `/tire-check/${validated}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    for (const url of [
      `/tire-check/detail/${pending}`,
      `/tire-check/${pending}/pdf`,
      '/tire-check/detail/999999',
    ]) {
      const res = await api(signer, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    // what the office reads besides stays closed
    expect((await api(signer, 'GET', `/tire-check-record/${validated}`)).statusCode).toBe(403);
  });
});

describe('Tanda Tangan Workshop: the queue', () => {
  const made = { checks: [] as number[], replacements: [] as number[] };

  beforeAll(async () => {
    // 18 validated checks and 2 validated replacements in March, validated one hour apart
    for (let i = 0; i < 18; i++) {
      made.checks.push(
        await validatedCheck({
          plate: i % 3 === 0 ? FX.engkel : FX.tronton,
          performed: at(1 + i),
          validated: at(2 + i, 5),
        }),
      );
    }
    made.replacements.push(await validatedReplacement({ performed: at(5), validated: at(25, 9) }));
    made.replacements.push(
      await validatedReplacement({ unit: 'tronton', performed: at(20), validated: at(3, 9) }),
    );
  });

  it('lists validated checks and replacements awaiting the workshop, oldest validation first (newest on request), paged', async () => {
    await pendingCheck({ performed: at(10) }); // not validated: not listed
    const signed = await validatedCheck({ performed: at(11), validated: at(26) });
    await t.database.db
      .update(tireChecks)
      .set({ workshop_sign: '2026/03/ws.png' })
      .where(eq(tireChecks.id, signed));

    // by default the work waiting longest comes first: the check validated on the 2nd, then the
    // 3rd's check (05:00) and replacement (09:00)
    const key = (r: { kind: string; id: number }) => `${r.kind}:${r.id}`;
    const oldest = await queue(signer, `?dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}`);
    expect(oldest.total).toBe(20);
    expect(oldest.data.slice(0, 3).map(key)).toEqual([
      `tire-check:${made.checks[0]}`,
      `tire-check:${made.checks[1]}`,
      `tire-replacement:${made.replacements[1]}`,
    ]);
    const oldestAt = oldest.data.map((r) => r.validated_at!);
    expect([...oldestAt].sort()).toEqual(oldestAt);
    expect(
      (await queue(signer, `?dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}&order=oldest`)).data.map(
        key,
      ),
    ).toEqual(oldest.data.map(key));

    const first = await queue(signer, `?dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}&order=newest`);
    expect(first.total).toBe(20);
    expect(first.pageSize).toBe(15);
    expect(first.data).toHaveLength(15);
    expect(first.can_sign).toBe(true);
    expect(first.has_signature).toBe(true);
    expect(first.signature).toBe(storedSignature);
    // the replacement validated on the 25th comes first, then the checks validated on the 19th, 18th...
    expect(first.data[0]).toMatchObject({
      kind: 'tire-replacement',
      id: made.replacements[0],
      plate_number: FX.engkel,
      tireman: { id: ids.tireman, name: FX.tireman.name },
      location: FX.location,
      project: FX.project,
      date: '2026-03-05',
      time: '10:00',
      validator: FX.staff.name,
    });
    expect(first.data[1]).toMatchObject({ kind: 'tire-check', id: made.checks[17], date: '2026-03-18' });
    const validatedAt = first.data.map((r) => r.validated_at!);
    expect([...validatedAt].sort().reverse()).toEqual(validatedAt);
    expect(first.data.map((r) => r.id)).not.toContain(signed);

    const second = await queue(
      signer,
      `?dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}&order=newest&page=2`,
    );
    expect(second.data).toHaveLength(5);
    expect(second.data.at(-1)).toMatchObject({ kind: 'tire-check', id: made.checks[0] });
    expect(second.data).toContainEqual(
      expect.objectContaining({
        kind: 'tire-replacement',
        id: made.replacements[1],
        plate_number: FX.tronton,
      }),
    );
    const seen = [...first.data, ...second.data].map((r) => `${r.kind}:${r.id}`);
    expect(new Set(seen).size).toBe(20);

    const fifty = await queue(signer, `?dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}&pageSize=50`);
    expect(fifty.data).toHaveLength(20);
    // oldest first is newest first backwards, page for page
    expect(fifty.data.map(key)).toEqual([...first.data, ...second.data].map(key).reverse());
    const past = await queue(signer, `?dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}&page=9`);
    expect(past).toMatchObject({ total: 20, data: [] });
  });

  it('searches by plate (any case, spaces ignored) and by the day the work was done', async () => {
    const engkel = await queue(
      signer,
      `?q=b9002&dateStart=${MARCH.dateStart}&dateEnd=${MARCH.dateEnd}&pageSize=100`,
    );
    // checks 0, 3, 6, 9, 12, 15 and the first replacement are on the engkel
    expect(engkel.total).toBe(7);
    expect(engkel.data.every((r) => r.plate_number === FX.engkel)).toBe(true);
    const days = await queue(signer, '?dateStart=2026-03-05&dateEnd=2026-03-06&pageSize=100');
    expect(days.data.map((r) => `${r.kind}:${r.date}`).sort()).toEqual([
      'tire-check:2026-03-05',
      'tire-check:2026-03-06',
      'tire-replacement:2026-03-05',
    ]);
    const none = await queue(signer, '?q=ZZ%25&pageSize=15');
    expect(none).toMatchObject({ total: 0, data: [] });
    const wrong = await api(signer, 'GET', '/workshop/queue?dateStart=2026-03-10&dateEnd=2026-03-01');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Tanggal awal tidak boleh setelah tanggal akhir');
  });

  it('is for the office: a non-signatory reads it without the sign buttons, a tire man not at all', async () => {
    const page = await queue(other, '?pageSize=15');
    expect(page.total).toBeGreaterThanOrEqual(20);
    expect(page.can_sign).toBe(false);
    expect((await api(tm, 'GET', '/workshop/queue')).statusCode).toBe(403);
  });

  it('answers a queue page that parses against its declared reply', async () => {
    const page = await queue(signer, '?pageSize=100');
    expect(page.data.length).toBeGreaterThan(0);
    expect(API.listWorkshopQueue.reply.safeParse(page).error).toBeUndefined();
  });
});

describe('Tanda Tangan Workshop: signing', () => {
  it('signs a check and a replacement at once with the stored signature, one audit line each', async () => {
    const check = await validatedCheck({ performed: at(12), validated: at(13) });
    const rep = await validatedReplacement({ performed: at(12), validated: at(13) });
    const before = Date.now();
    const res = await api(signer, 'POST', '/workshop/sign', {
      items: [
        { kind: 'tire-check', id: check },
        { kind: 'tire-replacement', id: rep },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '2 data berhasil ditandatangani workshop',
      signed: 2,
      workshop_sign: storedSignature,
    });
    for (const row of [await checkRow(check), await replacementRow(rep)]) {
      expect(row!.workshop_sign).toBe(storedSignature);
      expect(row!.workshop_signed_by).toBe(ids.workshop);
      expect(row!.workshop_signed_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const lines = [
      ...(await auditLines('tire-check', [check])),
      ...(await auditLines('tire-replacement', [rep])),
    ];
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(l.user_id).toBe(ids.workshop);
      expect(l.detail).toEqual({ before: { workshop_sign: '-' }, after: { workshop_sign: storedSignature } });
    }
    // signed: off the queue, and the details show it (Riwayat's TTD WORKSHOP, the check detail)
    const rest = await queue(signer, '?pageSize=100');
    expect(rest.data.map((r) => `${r.kind}:${r.id}`)).not.toContain(`tire-check:${check}`);
    expect(rest.data.map((r) => `${r.kind}:${r.id}`)).not.toContain(`tire-replacement:${rep}`);
    expect((await api(edp, 'GET', `/tire-check/detail/${check}`)).json().workshop_sign).toBe(storedSignature);
    expect((await api(edp, 'GET', `/tire-replace/${rep}`)).json().workshop_sign).toBe(storedSignature);
  });

  it('signs with a drawn signature the signer uploaded, and refuses one he did not', async () => {
    const check = await validatedCheck({ performed: at(14), validated: at(15) });
    const drawn = await uploadPhoto(t, signer);
    const res = await api(signer, 'POST', '/workshop/sign', {
      items: [{ kind: 'tire-check', id: check }],
      workshop_sign: drawn,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await checkRow(check))!.workshop_sign).toBe(drawn);
    expect(drawn).not.toBe(storedSignature);

    const another = await validatedCheck({ performed: at(14), validated: at(15) });
    const foreign = await uploadPhoto(t, other);
    const refused = await api(signer, 'POST', '/workshop/sign', {
      items: [{ kind: 'tire-check', id: another }],
      workshop_sign: foreign,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { field: 'workshop_sign', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
    ]);
    expect((await checkRow(another))!.workshop_sign).toBe('-');
  });

  it('signs nothing when one item was meanwhile signed or deleted (409 naming it)', async () => {
    const a = await validatedCheck({ performed: at(16), validated: at(17) });
    const b = await validatedCheck({ plate: FX.engkel, performed: at(16), validated: at(17) });
    const r = await validatedReplacement({ performed: at(16), validated: at(17) });
    const first = await api(signer, 'POST', '/workshop/sign', { items: [{ kind: 'tire-check', id: b }] });
    expect(first.statusCode).toBe(200);

    const res = await api(signer, 'POST', '/workshop/sign', {
      items: [
        { kind: 'tire-check', id: a },
        { kind: 'tire-replacement', id: r },
        { kind: 'tire-check', id: b },
        { kind: 'tire-replacement', id: 999999 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('WORKSHOP_ITEMS_CHANGED');
    expect(res.json().fields).toEqual([
      { field: 'items.2', message: `Pengecekan #${b} (${FX.engkel}) sudah ditandatangani workshop` },
      { field: 'items.3', message: 'Pergantian #999999 sudah dihapus' },
    ]);
    expect(res.json().message).toContain('Tidak ada yang ditandatangani');
    // nothing changed: the others still await the workshop, no audit line
    expect((await checkRow(a))!).toMatchObject({
      workshop_sign: '-',
      workshop_signed_by: null,
      workshop_signed_at: null,
    });
    expect((await replacementRow(r))!).toMatchObject({ workshop_sign: '-', workshop_signed_by: null });
    expect(await auditLines('tire-check', [a])).toHaveLength(0);
    expect(await auditLines('tire-replacement', [r])).toHaveLength(0);

    // a pending (not validated) check is refused the same way
    const pending = await pendingCheck({ performed: at(16) });
    const notYet = await api(signer, 'POST', '/workshop/sign', {
      items: [{ kind: 'tire-check', id: pending }],
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().fields[0].message).toContain('belum divalidasi');
  });

  it('refuses a non-signatory with 403, and a signatory without any signature with 400', async () => {
    const check = await validatedCheck({ performed: at(18), validated: at(19) });
    const res = await api(other, 'POST', '/workshop/sign', { items: [{ kind: 'tire-check', id: check }] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Akun Anda bukan penanda tangan workshop');
    // the admin may sign (admin passes all), but has no stored signature and draws none
    const unsigned = await api(admin, 'POST', '/workshop/sign', {
      items: [{ kind: 'tire-check', id: check }],
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(
      'Belum ada tanda tangan tersimpan, gambar tanda tangan terlebih dahulu',
    );
    expect(await queue(admin)).toMatchObject({ can_sign: true, has_signature: false });
    expect((await checkRow(check))!.workshop_sign).toBe('-');

    const empty = await api(signer, 'POST', '/workshop/sign', { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Pilih data yang akan ditandatangani');
  });

  it("drops the dashboard's WS column by the number of checks signed", async () => {
    // April: a month no other test uses; one check validated through the real validation without
    // the PIC's signature (it waits for the PIC first: spec section 4, one column per check), two
    // more validated in the database with it
    const april = { dateStart: '2026-04-01', dateEnd: '2026-04-30' };
    const column = async (key: 'awaiting_workshop' | 'awaiting_pic') => {
      const res = await api(edp, 'POST', '/tire-check/summary', april);
      return (res.json() as TSummaryReply).data.reduce((n, r) => n + r[key], 0);
    };
    const ws = () => column('awaiting_workshop');
    const viaApi = await pendingCheck({ performed: new Date(Date.UTC(2026, 3, 2, 3)), pic: false });
    const edpSign = await uploadPhoto(t, edp);
    const validated = await api(edp, 'POST', `/tire-check/${viaApi}/validate`, {
      edp_sign: edpSign,
      records: [],
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const c2 = await validatedCheck({ performed: new Date(Date.UTC(2026, 3, 3, 3)), validated: at(31) });
    const c3 = await validatedCheck({ performed: new Date(Date.UTC(2026, 3, 4, 3)), validated: at(31) });
    expect(await ws()).toBe(2);
    expect(await column('awaiting_pic')).toBe(1);

    const res = await api(signer, 'POST', '/workshop/sign', {
      items: [
        { kind: 'tire-check', id: viaApi },
        { kind: 'tire-check', id: c2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ws()).toBe(1);
    expect(await column('awaiting_pic')).toBe(1);
    // the monthly rollup agrees with a count over the checks themselves
    const [direct] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from tire_checks
        where pic_sign <> '-' and edp_sign <> '-' and workshop_sign = '-' and performed_at >= '2026-03-31T17:00:00Z'
          and performed_at < '2026-04-30T17:00:00Z'`),
    );
    expect(direct!.n).toBe(1);
    void c3;
    // March's column counts what awaits there too (the earlier tests' leftovers)
    const [march] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from tire_checks
        where pic_sign <> '-' and edp_sign <> '-' and workshop_sign = '-' and performed_at >= '2026-02-28T17:00:00Z'
          and performed_at < '2026-03-31T17:00:00Z'`),
    );
    expect(await wsCount(edp)).toBe(march!.n);
  });
});
