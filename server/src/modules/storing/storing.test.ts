// Issue 38: breakdown calls. The office logs and assigns a call; the assigned tire man steps it
// through Terima, Berangkat, Tiba and Selesai, each timed at his tap; steps out of order or by
// another tire man are refused; a tire man reads only his calls; roll and response time follow.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { sendCheckOnlyReplacement, uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '', tireman2: '' };
const ids = { engkel: 0, tronton: 0, tireman: 0, tireman2: 0, replacement: 0, location: 0 };

type Method = 'GET' | 'POST';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });

const CALL = {
  positions: ['3'],
  cause: 'ban-pecah',
  location_text: 'Tol Cikampek KM 47 arah Jakarta',
  lat: -6.3,
  lng: 107.2,
  caller_name: 'Pak Darto (driver)',
  caller_phone: '0812 3456 7890',
  priority: 'tinggi',
};

async function newCall(unitId = ids.engkel): Promise<number> {
  const res = await call(tok.staff, 'POST', '/storing', { ...CALL, unit_id: unitId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = rowsOf<typeof ids>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.engkel}) as engkel,
             (select id from units where plate_number = ${FX.tronton}) as tronton,
             (select id from users where email = ${FX.tireman.email}) as tireman,
             (select id from users where email = ${FX.tireman2.email}) as tireman2,
             0 as replacement,
             (select id from locations order by id limit 1) as location`),
  );
  Object.assign(ids, u);
});
afterAll(() => t?.close());

describe('a breakdown call', () => {
  it('is logged by the office with what happened, where and who called; bad input is refused in Indonesian', async () => {
    const bad = await call(tok.staff, 'POST', '/storing', { unit_id: ids.engkel, caller_phone: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Kejadian wajib dipilih');
    expect(bad.body).toContain('Nomor penelepon tidak valid');
    const unknown = await call(tok.staff, 'POST', '/storing', { ...CALL, unit_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unit tidak ditemukan');
    // a tire man does not log calls
    expect((await call(tok.tireman, 'POST', '/storing', { ...CALL, unit_id: ids.engkel })).statusCode).toBe(
      403,
    );

    const id = await newCall();
    const got = (await call(tok.staff, 'GET', `/storing/${id}`)).json();
    expect(got).toMatchObject({
      status: 'new',
      plate_number: FX.engkel,
      cause: 'ban-pecah',
      priority: 'tinggi',
      positions: ['3'],
      caller_phone: '0812 3456 7890',
      tireman_id: null,
      roll_minutes: null,
      events: [],
    });
  });

  it('is assigned, then stepped through by its tire man at the times he tapped: roll and response time', async () => {
    const id = await newCall();
    // nothing before it is assigned
    const early = await call(tok.tireman, 'POST', `/storing/${id}/step`, { action: 'accept' });
    expect(early.statusCode).toBe(403);
    const assigned = await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: ids.tireman });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'assigned', tireman_name: FX.tireman.name });

    // another tire man cannot take his steps, nor read the call
    const other = await call(tok.tireman2, 'POST', `/storing/${id}/step`, { action: 'accept' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'STORING_NOT_YOURS',
      message: 'Panggilan storing ini bukan tugas Anda',
    });
    expect((await call(tok.tireman2, 'GET', `/storing/${id}`)).statusCode).toBe(404);
    // out of order
    const arriveFirst = await call(tok.tireman, 'POST', `/storing/${id}/step`, { action: 'arrive' });
    expect(arriveFirst.statusCode).toBe(409);
    expect(arriveFirst.json()).toMatchObject({
      code: 'STORING_STEP_OUT_OF_ORDER',
      message: 'Tidak bisa tiba: panggilan ini ditugaskan',
    });

    const step = (action: string, at?: string, extra: object = {}) =>
      call(tok.tireman, 'POST', `/storing/${id}/step`, {
        action,
        ...(at ? { performed_at: at } : {}),
        ...extra,
      });
    // each tap with its own time (the phone may send it later; up to 10 minutes ahead is a clock's drift)
    const calledAt = new Date((await call(tok.staff, 'GET', `/storing/${id}`)).json().called_at as string);
    const tap = (m: number) => new Date(calledAt.getTime() + m * 60_000).toISOString();
    expect((await step('accept', tap(1))).statusCode).toBe(200);
    // a replay of the same tap (a lost reply) changes nothing
    const replay = await step('accept', tap(1));
    expect(replay.statusCode).toBe(200);
    expect((await step('depart', tap(2))).statusCode).toBe(200);
    // a step dated before the one before it is refused
    const backwards = await step('arrive', tap(1.5));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Waktu langkah ini lebih awal dari langkah sebelumnya');
    expect((await step('arrive', tap(5))).statusCode).toBe(200);
    // Selesai links the replacement it produced: only one of this unit's
    const foreign = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        insert into tire_replacements (unit_id, tireman_id, location_id, odometer, plate_number_url, odometer_url, tireman_sign)
        select ${ids.tronton}, ${ids.tireman}, (select id from locations limit 1), 1, '-', '-', '-' returning id`),
    )[0]!.id;
    const wrong = await step('finish', tap(8), { replacement_id: foreign });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Pergantian ini bukan dari unit panggilan ini');
    const own = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        insert into tire_replacements (unit_id, tireman_id, location_id, odometer, plate_number_url, odometer_url, tireman_sign)
        select ${ids.engkel}, ${ids.tireman}, (select id from locations limit 1), 1, '-', '-', '-' returning id`),
    )[0]!.id;
    const done = await step('finish', tap(8), { replacement_id: own });
    expect(done.statusCode, done.body).toBe(200);
    const detail = done.json().data;
    expect(detail).toMatchObject({
      status: 'done',
      replacement_id: own,
      accepted_at: tap(1),
      departed_at: tap(2),
      arrived_at: tap(5),
      done_at: tap(8),
      response_minutes: 5,
      roll_minutes: 8,
    });
    expect(detail.events.map((e: { action: string; status: string }) => `${e.action}:${e.status}`)).toEqual([
      'assign:assigned',
      'accept:accepted',
      'depart:en_route',
      'arrive:arrived',
      'finish:done',
    ]);
    // closed: nothing more, not even a cancel
    expect((await call(tok.staff, 'POST', `/storing/${id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('is reassigned before the tire man is on his way: the history keeps both, and only the new one may step', async () => {
    const id = await newCall();
    await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: ids.tireman });
    expect((await call(tok.tireman, 'POST', `/storing/${id}/step`, { action: 'accept' })).statusCode).toBe(
      200,
    );
    const again = await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: ids.tireman2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      status: 'assigned',
      tireman_id: ids.tireman2,
      accepted_at: null,
    });
    expect(
      again
        .json()
        .data.events.map((e: { action: string; tireman_name: string | null }) => [e.action, e.tireman_name]),
    ).toEqual([
      ['assign', FX.tireman.name],
      ['accept', null],
      ['assign', FX.tireman2.name],
    ]);
    expect((await call(tok.tireman, 'POST', `/storing/${id}/step`, { action: 'depart' })).statusCode).toBe(
      403,
    );
    expect((await call(tok.tireman2, 'POST', `/storing/${id}/step`, { action: 'accept' })).statusCode).toBe(
      200,
    );
    expect((await call(tok.tireman2, 'POST', `/storing/${id}/step`, { action: 'depart' })).statusCode).toBe(
      200,
    );
    // on his way: no longer reassigned, but the office may cancel with a reason
    expect(
      (await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: ids.tireman })).statusCode,
    ).toBe(409);
    const noReason = await call(tok.staff, 'POST', `/storing/${id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Alasan wajib diisi');
    const cancelled = await call(tok.staff, 'POST', `/storing/${id}/cancel`, {
      reason: 'Driver sudah ganti sendiri',
    });
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Driver sudah ganti sendiri',
    });
    // a tire man cannot cancel nor assign
    expect((await call(tok.tireman2, 'POST', `/storing/${id}/cancel`, { reason: 'x' })).statusCode).toBe(403);
  });

  it('lists open calls oldest first for the office; a tire man lists only his own', async () => {
    const mine = await newCall(ids.tronton);
    await call(tok.staff, 'POST', `/storing/${mine}/assign`, { tireman_id: ids.tireman });
    const open = (await call(tok.staff, 'GET', '/storing?pageSize=100')).json();
    const openIds = open.data.map((c: { id: number }) => c.id);
    expect(openIds).toContain(mine);
    expect(open.data.every((c: { status: string }) => !['done', 'cancelled'].includes(c.status))).toBe(true);
    const times = open.data.map((c: { called_at: string }) => c.called_at);
    expect(times).toEqual([...times].sort());
    expect(open.total).toBe(open.data.length);
    const byPlate = (
      await call(tok.staff, 'GET', `/storing?status=all&q=${encodeURIComponent('9001')}`)
    ).json();
    expect(byPlate.data.map((c: { plate_number: string }) => c.plate_number)).toEqual([FX.tronton]);
    const done = (await call(tok.staff, 'GET', '/storing?status=done')).json();
    expect(done.data.map((c: { status: string }) => c.status)).toEqual(['done']);

    const his = (await call(tok.tireman, 'GET', '/storing?status=all&pageSize=100')).json();
    const counted = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from breakdown_calls where tireman_id = ${ids.tireman}`,
      ),
    )[0]!.n;
    expect(his.total).toBe(counted);
    expect(his.data.every((c: { tireman_id: number }) => c.tireman_id === ids.tireman)).toBe(true);
    expect((await call(tok.tireman2, 'GET', `/storing/${mine}`)).statusCode).toBe(404);

    // the dashboard's Storing card counts the open calls, and drops one once it is closed
    const storingCard = async () =>
      (await call(tok.staff, 'GET', '/dashboard/counters')).json().storing as number;
    expect(await storingCard()).toBe(open.total);
    await call(tok.staff, 'POST', `/storing/${mine}/cancel`, { reason: 'Salah unit' });
    expect(await storingCard()).toBe(open.total - 1);
  });
});

describe('on the phone', () => {
  const photo = { tireman: '' };
  beforeAll(async () => {
    photo.tireman = await uploadPhoto(t, tok.tireman);
  });
  const assigned = async (unitId: number, tiremanId = ids.tireman) => {
    const id = await newCall(unitId);
    expect(
      (await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: tiremanId })).statusCode,
    ).toBe(200);
    return id;
  };
  const stepTo = async (id: number, actions: string[]) => {
    for (const action of actions) {
      const res = await call(tok.tireman, 'POST', `/storing/${id}/step`, { action });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const replacementFor = (callId: number) =>
    sendCheckOnlyReplacement(t, tok.tireman, {
      unit_id: ids.engkel,
      location_id: ids.location,
      photo: photo.tireman,
      spk: 'SPK-STORING',
      storing_call_id: callId,
    });
  const linkOf = async (id: number) =>
    (await call(tok.staff, 'GET', `/storing/${id}`)).json() as {
      replacement_id: number | null;
      mismatch_id: number | null;
      status: string;
    };

  it('come with his snapshot: his open calls only, the one waiting longest first', async () => {
    const first = await assigned(ids.engkel);
    const second = await assigned(ids.tronton);
    const others = await assigned(ids.engkel, ids.tireman2);
    const closed = await assigned(ids.tronton);
    await call(tok.staff, 'POST', `/storing/${closed}/cancel`, { reason: 'Truk sudah jalan' });
    const boot = (await call(tok.tireman, 'GET', '/field/bootstrap')).json() as {
      calls: { id: number; status: string; plate_number: string; caller_phone: string }[];
    };
    const ids_ = boot.calls.map((c) => c.id);
    expect(ids_).toEqual(expect.arrayContaining([first, second]));
    expect(ids_).not.toContain(others);
    expect(ids_).not.toContain(closed);
    expect(ids_.indexOf(first)).toBeLessThan(ids_.indexOf(second));
    const counted = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from breakdown_calls where tireman_id = ${ids.tireman} and status not in ('done', 'cancelled')`,
      ),
    )[0]!.n;
    expect(boot.calls).toHaveLength(counted);
    expect(boot.calls.find((c) => c.id === first)).toMatchObject({
      status: 'assigned',
      plate_number: FX.engkel,
      caller_phone: CALL.caller_phone,
    });
    // the other tire man's snapshot has his, not these
    const theirs = (await call(tok.tireman2, 'GET', '/field/bootstrap')).json() as {
      calls: { id: number }[];
    };
    expect(theirs.calls.map((c) => c.id)).toContain(others);
    expect(theirs.calls.map((c) => c.id)).not.toContain(first);
  });

  it('a tap sent twice with its key (a lost reply) is one step, timed at the tap', async () => {
    const id = await assigned(ids.engkel);
    const calledAt = new Date(((await linkOf(id)) as unknown as { called_at: string }).called_at);
    const tapAt = new Date(calledAt.getTime() + 60_000).toISOString();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/storing/${id}/step`,
        headers: { access_token: tok.tireman, 'idempotency-key': `tap-accept-${id}` },
        payload: { action: 'accept', performed_at: tapAt },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const detail = (await call(tok.staff, 'GET', `/storing/${id}`)).json();
    expect(detail.accepted_at).toBe(tapAt);
    expect(detail.events.filter((e: { action: string }) => e.action === 'accept')).toHaveLength(1);
  });

  it("a replacement made for the call links itself, before or after 'Selesai'; 'Selesai' without one keeps it", async () => {
    // the replacement before Selesai (the outbox sends a unit's entries in order: Tiba, the replacement, Selesai)
    const before = await assigned(ids.engkel);
    await stepTo(before, ['accept', 'depart', 'arrive']);
    const rep = await replacementFor(before);
    expect((await linkOf(before)).replacement_id).toBe(rep);
    await stepTo(before, ['finish']);
    expect(await linkOf(before)).toMatchObject({ status: 'done', replacement_id: rep });

    // Selesai first, the form after
    const after = await assigned(ids.engkel);
    await stepTo(after, ['accept', 'depart', 'arrive', 'finish']);
    const rep2 = await replacementFor(after);
    expect(await linkOf(after)).toMatchObject({ status: 'done', replacement_id: rep2 });
    // a second replacement does not take the first one's place
    await replacementFor(after);
    expect((await linkOf(after)).replacement_id).toBe(rep2);
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'breakdown_call' and entity_id = ${after} and action = 'storing.link'`,
      ),
    )[0]!.n;
    expect(audited).toBe(1);
  });

  it('work for a call cancelled meanwhile, or not his, is stored all the same, unlinked; a BKB links itself too', async () => {
    const cancelled = await assigned(ids.engkel);
    await stepTo(cancelled, ['accept']);
    await call(tok.staff, 'POST', `/storing/${cancelled}/cancel`, { reason: 'Driver sudah ganti sendiri' });
    const rep = await replacementFor(cancelled);
    expect(rep).toBeGreaterThan(0);
    expect((await linkOf(cancelled)).replacement_id).toBeNull();

    const theirs = await assigned(ids.engkel, ids.tireman2);
    await replacementFor(theirs);
    expect((await linkOf(theirs)).replacement_id).toBeNull();

    // a call of another unit
    const tronton = await assigned(ids.tronton);
    await replacementFor(tronton);
    expect((await linkOf(tronton)).replacement_id).toBeNull();

    const bkb = await call(tok.tireman, 'POST', '/mismatch', {
      unit_id: ids.tronton,
      location_id: ids.location,
      category: 'Nomor seri tidak sesuai',
      information: 'Ban di lapangan berbeda dengan data',
      image_url: photo.tireman,
      positions: [{ position: '2', found_serial: 'X-STORING' }],
      storing_call_id: tronton,
    });
    expect(bkb.statusCode, bkb.body).toBe(201);
    expect((await linkOf(tronton)).mismatch_id).toBe(bkb.json().id);
  });
});

describe('targets', () => {
  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/storing-targets', headers: { access_token: token }, payload });
  const org = async (unitId: number) =>
    rowsOf<{ project_id: number; customer_id: number }>(
      await t.database.db.execute(
        sql`select p.id as project_id, p.customer_id from units u join projects p on p.id = u.project_id where u.id = ${unitId}`,
      ),
    )[0]!;
  /** Dates the call as taken `minutes` ago. */
  const calledAgo = (id: number, minutes: number) =>
    t.database.db.execute(
      sql`update breakdown_calls set called_at = now() - make_interval(mins => ${minutes}) where id = ${id}`,
    );

  it('are set by an admin for the default, a customer or a project, with Indonesian messages for bad input', async () => {
    expect(
      (await put(tok.staff, { scope: 'default', response_minutes: 45, roll_minutes: 120 })).statusCode,
    ).toBe(403);
    const bad = await put(tok.admin, { scope: 'project', response_minutes: 60, roll_minutes: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Project wajib dipilih');
    expect(bad.body).toContain('Target roll time tidak boleh lebih singkat dari target respons');
    const tooSmall = await put(tok.admin, { scope: 'default', response_minutes: 2, roll_minutes: 120 });
    expect(tooSmall.json().message).toContain('Target respons minimal 5 menit');
    const unknown = await put(tok.admin, {
      scope: 'customer',
      customer_id: 999_999,
      response_minutes: 45,
      roll_minutes: 120,
    });
    expect(unknown.statusCode).toBe(404);

    const engkel = await org(ids.engkel);
    const saved = await put(tok.admin, { scope: 'default', response_minutes: 45, roll_minutes: 120 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Target storing disimpan',
      data: { scope: 'default', name: null, response_minutes: 45, roll_minutes: 120 },
    });
    // saved again, it replaces the one before
    expect(
      (await put(tok.admin, { scope: 'default', response_minutes: 50, roll_minutes: 120 })).statusCode,
    ).toBe(200);
    expect(
      (
        await put(tok.admin, {
          scope: 'project',
          project_id: engkel.project_id,
          response_minutes: 30,
          roll_minutes: 90,
        })
      ).statusCode,
    ).toBe(200);
    const list = (await call(tok.staff, 'GET', '/storing-targets')).json().data as {
      scope: string;
      response_minutes: number;
    }[];
    expect(list.map((r) => [r.scope, r.response_minutes])).toEqual([
      ['default', 50],
      ['project', 30],
    ]);
    const audits = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'storing-target.save'`,
      ),
    );
    expect(audits[0]!.n).toBe(3);
  });

  it("measure each call by its project's target, else its customer's, else the default; the dashboard counts the open calls past one, as a recount does", async () => {
    const engkelCall = await newCall(ids.engkel);
    await calledAgo(engkelCall, 40); // project target: 30 min to arrive, 90 to roll
    const engkel = await org(ids.engkel);
    const detail = async (id: number) => (await call(tok.staff, 'GET', `/storing/${id}`)).json();
    const target = async (scope: string, id: number | null, response: number, roll: number) => {
      const res = await put(tok.admin, {
        scope,
        [`${scope}_id`]: id,
        response_minutes: response,
        roll_minutes: roll,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const remove = async (id: number) =>
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/storing-targets/${id}`,
            headers: { access_token: tok.admin },
          })
        ).statusCode,
      ).toBe(200);

    expect(await detail(engkelCall)).toMatchObject({
      target: { scope: 'project', response_minutes: 30, roll_minutes: 90 },
      breach: { response: true, roll: false },
    });
    // the customer's target does not override the project's
    const byCustomer = await target('customer', engkel.customer_id, 20, 35);
    expect((await detail(engkelCall)).target.scope).toBe('project');
    // without the project's, the customer's applies; without both, the default's (50 min, not missed)
    const projectTarget = (
      (await call(tok.staff, 'GET', '/storing-targets')).json().data as { id: number; scope: string }[]
    ).find((x) => x.scope === 'project')!.id;
    await remove(projectTarget);
    expect(await detail(engkelCall)).toMatchObject({
      target: { scope: 'customer', response_minutes: 20, roll_minutes: 35 },
      breach: { response: true, roll: true },
    });
    await remove(byCustomer);
    expect(await detail(engkelCall)).toMatchObject({
      target: { scope: 'default', response_minutes: 50, roll_minutes: 120 },
      breach: { response: false, roll: false },
    });
    await target('project', engkel.project_id, 30, 90);

    // the dashboard's count equals a recount of the open calls' breaches
    const open = (await call(tok.staff, 'GET', '/storing?status=open&pageSize=100')).json().data as {
      breach: { response: boolean; roll: boolean };
    }[];
    const recount = open.filter((c) => c.breach.response || c.breach.roll).length;
    const counters = (await call(tok.staff, 'GET', '/dashboard/counters')).json();
    expect(recount).toBeGreaterThanOrEqual(1);
    expect(counters.storingBreached).toBe(recount);

    // the tire man arrives within the target: that target is met for good, the other still counts
    await call(tok.staff, 'POST', `/storing/${engkelCall}/assign`, { tireman_id: ids.tireman });
    await calledAgo(engkelCall, 25);
    for (const action of ['accept', 'depart', 'arrive'])
      expect((await call(tok.tireman, 'POST', `/storing/${engkelCall}/step`, { action })).statusCode).toBe(
        200,
      );
    await calledAgo(engkelCall, 95);
    expect((await detail(engkelCall)).breach).toEqual({ response: true, roll: true });
  });

  it('missed while open are announced in the office inbox once per call and target; a removed target falls back', async () => {
    const { sweepStoringBreaches } = await import('../inbox/inbox-producers');
    const id = await newCall(ids.engkel);
    await calledAgo(id, 35);
    const first = await sweepStoringBreaches(t.app);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await sweepStoringBreaches(t.app)).toBe(0);
    const items = (await call(tok.staff, 'GET', '/inbox?page=1&pageSize=50')).json().data as {
      kind: string;
      title: string;
      body: string;
      link: string;
    }[];
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'storing-breach',
        title: `Storing #${id} (${FX.engkel}) lewat target respons 30 menit`,
        body: 'Belum ditugaskan',
        link: '/storing',
      }),
    );

    // the project's target removed: its calls fall back to the default (50 minutes, not missed at 35)
    const targets = (await call(tok.staff, 'GET', '/storing-targets')).json().data as {
      id: number;
      scope: string;
    }[];
    const project = targets.find((x) => x.scope === 'project')!;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/storing-targets/${project.id}`,
          headers: { access_token: tok.staff },
        })
      ).statusCode,
    ).toBe(403);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/storing-targets/${project.id}`,
      headers: { access_token: tok.admin },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe('Target storing dihapus');
    const after = (await call(tok.staff, 'GET', `/storing/${id}`)).json();
    expect(after.target.scope).not.toBe('project');
  });
});

describe('the report', () => {
  /** percentile_cont: linear between the two closest ranks. */
  const percentile = (values: number[], p: number): number | null => {
    if (!values.length) return null;
    const v = [...values].sort((a, b) => a - b);
    const at = p * (v.length - 1);
    const lo = Math.floor(at);
    return v[lo]! + (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!) * (at - lo);
  };
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
      new Date(Date.now() + offset * 86_400_000),
    );

  it('by cause and by tire man equals a recount of the calls: counts, median and p90 of response and roll time, targets missed', async () => {
    // another project (the report reads every project's target once)
    await t.database.db.execute(
      sql`insert into projects (name, customer_id) select 'Proyek Laporan', customer_id from projects limit 1`,
    );
    // one more call, done: a roll time to measure
    const id = await newCall(ids.tronton);
    await call(tok.staff, 'POST', `/storing/${id}/assign`, { tireman_id: ids.tireman2 });
    for (const action of ['accept', 'depart', 'arrive', 'finish'])
      expect((await call(tok.tireman2, 'POST', `/storing/${id}/step`, { action })).statusCode).toBe(200);

    const range = `dateStart=${day(-1)}&dateEnd=${day(0)}`;
    const all = (await call(tok.staff, 'GET', '/storing?status=all&pageSize=100')).json().data as {
      cause: string;
      tireman_name: string | null;
      status: string;
      called_at: string;
      response_minutes: number | null;
      roll_minutes: number | null;
      breach: { response: boolean; roll: boolean };
    }[];
    // the calls' own response and roll minutes are rounded: the recount reads exact times from the database
    const exact = rowsOf<{ cause: string; response: number | null; roll: number | null }>(
      await t.database.db.execute(sql`select cause, extract(epoch from arrived_at - called_at) / 60 as response,
        extract(epoch from done_at - called_at) / 60 as roll from breakdown_calls`),
    );
    const round = (v: number | null) => (v == null ? null : Math.round(v));
    for (const groupBy of ['cause', 'tireman'] as const) {
      const res = await call(tok.staff, 'GET', `/storing-report?${range}&groupBy=${groupBy}`);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.total.calls).toBe(all.length);
      expect(report.total.done).toBe(all.filter((c) => c.status === 'done').length);
      expect(report.total.response_breaches).toBe(all.filter((c) => c.breach.response).length);
      expect(report.total.roll_breaches).toBe(all.filter((c) => c.breach.roll).length);
      expect(report.rows.reduce((n: number, r: { calls: number }) => n + r.calls, 0)).toBe(all.length);
      if (groupBy === 'cause') {
        const pecah = report.rows.find((r: { label: string }) => r.label === 'Ban pecah');
        const responses = exact
          .filter((c) => c.cause === 'ban-pecah' && c.response != null)
          .map((c) => Number(c.response));
        const rolls = exact
          .filter((c) => c.cause === 'ban-pecah' && c.roll != null)
          .map((c) => Number(c.roll));
        expect(pecah).toMatchObject({
          key: 'ban-pecah',
          calls: all.filter((c) => c.cause === 'ban-pecah').length,
          response_median: round(percentile(responses, 0.5)),
          response_p90: round(percentile(responses, 0.9)),
          roll_median: round(percentile(rolls, 0.5)),
          roll_p90: round(percentile(rolls, 0.9)),
        });
      } else {
        const second = report.rows.find((r: { label: string }) => r.label === FX.tireman2.name);
        expect(second.calls).toBe(all.filter((c) => c.tireman_name === FX.tireman2.name).length);
        expect(second.done).toBeGreaterThanOrEqual(1);
      }
    }
    // no calls on other days; bad input in Indonesian
    const empty = (
      await call(tok.staff, 'GET', '/storing-report?dateStart=2020-01-01&dateEnd=2020-01-31')
    ).json();
    expect(empty).toMatchObject({ rows: [], total: { calls: 0, response_median: null } });
    const bad = await call(tok.staff, 'GET', `/storing-report?dateStart=${day(0)}&dateEnd=${day(-1)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Tanggal awal tidak boleh setelah tanggal akhir');
    // a tire man does not read it
    expect((await call(tok.tireman, 'GET', `/storing-report?${range}`)).statusCode).toBe(403);
    // the Excel file: the rows and the total
    const file = await call(tok.staff, 'GET', `/storing-report/export?${range}&groupBy=cause`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(`storing_${day(-1)}_${day(0)}.xlsx`);
  });
});

describe('the region of a call', () => {
  it("is the region of the truck's last check when it was taken; the report per region counts by it", async () => {
    // the engkel was last checked at a location of some region
    const [where] = rowsOf<{ location: number; region: string }>(
      await t.database.db.execute(sql`
        select l.id as location, r.name as region from locations l join regions r on r.id = l.region_id
         order by l.id desc limit 1`),
    );
    await t.database.db.execute(sql`
      insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, performed_at)
      values (${ids.engkel}, ${FX.engkel}, ${ids.tireman}, ${where!.location}, 1, now() + interval '1 second')`);
    const id = await newCall(ids.engkel);
    expect((await call(tok.staff, 'GET', `/storing/${id}`)).json().region_name).toBe(where!.region);

    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const report = (
      await call(tok.staff, 'GET', `/storing-report?dateStart=${day}&dateEnd=${day}&groupBy=region`)
    ).json() as { rows: { key: string; label: string; calls: number }[]; total: { calls: number } };
    const recount = rowsOf<{ label: string; n: number }>(
      await t.database.db.execute(sql`
        select coalesce(r.name, 'Tanpa region') as label, count(*)::int as n
          from breakdown_calls b left join regions r on r.id = b.region_id
         where (b.called_at at time zone 'Asia/Jakarta')::date = ${day}::date
         group by 1`),
    );
    expect(Object.fromEntries(report.rows.map((r) => [r.label, r.calls]))).toEqual(
      Object.fromEntries(recount.map((r) => [r.label, r.n])),
    );
    expect(report.rows.find((r) => r.label === where!.region)!.calls).toBeGreaterThanOrEqual(1);
  });
});

describe('suggestions for a call', () => {
  it("rank the tire men signed in, on the unit's project, in its region, with fewest open calls first; each flag equals a recount", async () => {
    // one more tire man on the engkel's project, never signed in
    const [fresh] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        insert into users (name, phone, email, password_hash, role)
        select 'Andi Tanpa Sesi', '081100000077', 'andi.sesi@test.local', password_hash, 'tire-man'
          from users where email = ${FX.tireman.email}
        returning id`),
    );
    await t.database.db.execute(sql`
      insert into tireman_projects (user_id, project_id)
      select ${fresh!.id}, project_id from units where id = ${ids.engkel}`);
    const id = await newCall(ids.engkel);
    const res = await call(tok.staff, 'GET', `/storing/${id}/suggestions`);
    expect(res.statusCode, res.body).toBe(200);
    type S = {
      id: number;
      name: string;
      same_project: boolean;
      same_region: boolean;
      open_calls: number;
      signed_in: boolean;
    };
    const list = res.json().data as S[];
    const recount = rowsOf<{ id: number; same_project: boolean; same_region: boolean; open_calls: number }>(
      await t.database.db.execute(sql`
        select u.id,
               exists (select 1 from tireman_projects tp join units un on un.project_id = tp.project_id
                        where tp.user_id = u.id and un.id = ${ids.engkel}) as same_project,
               exists (select 1 from tire_checks c join locations l on l.id = c.location_id
                        where c.tireman_id = u.id and c.performed_at > now() - interval '59 days'
                          and l.region_id = (select region_id from breakdown_calls where id = ${id})) as same_region,
               (select count(*)::int from breakdown_calls b where b.tireman_id = u.id and b.id <> ${id}
                   and b.status not in ('done', 'cancelled')) as open_calls
          from users u where u.role = 'tire-man' order by u.id`),
    );
    expect(
      list
        .map((s) => ({
          id: s.id,
          same_project: s.same_project,
          same_region: s.same_region,
          open_calls: s.open_calls,
        }))
        .sort((a, b) => a.id - b.id),
    ).toEqual(recount);
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(ids.tireman)!.signed_in).toBe(true);
    expect(byId.get(fresh!.id)).toMatchObject({ signed_in: false, same_project: true });
    // the likeliest first: signed in, then same project, then same region, then fewest open calls
    const rank = (s: S) => [
      Number(!s.signed_in),
      Number(!s.same_project),
      Number(!s.same_region),
      s.open_calls,
    ];
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [rank(list[i - 1]!), rank(list[i]!)];
      const k = a.findIndex((v, j) => v !== b[j]);
      expect(k === -1 || a[k]! < b[k]!, `${list[i - 1]!.name} before ${list[i]!.name}`).toBe(true);
    }
    // the office only
    expect((await call(tok.tireman, 'GET', `/storing/${id}/suggestions`)).statusCode).toBe(403);
    expect((await call(tok.staff, 'GET', '/storing/999999/suggestions')).statusCode).toBe(404);
  });
});

describe("a unit's calls", () => {
  it('are listed for its page: every status, newest first, only that unit', async () => {
    const res = await call(tok.staff, 'GET', `/storing?status=all&unit_id=${ids.tronton}&pageSize=50`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { unit_id: number; called_at: string }[];
    const [count] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from breakdown_calls where unit_id = ${ids.tronton}`,
      ),
    );
    expect(rows.length).toBe(count!.n);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.unit_id === ids.tronton)).toBe(true);
    expect(rows.map((r) => r.called_at)).toEqual([...rows.map((r) => r.called_at)].sort().reverse());
    const bad = await call(tok.staff, 'GET', '/storing?unit_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unit tidak valid');
  });
});
