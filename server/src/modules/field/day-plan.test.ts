// Tugas (issue 37, item 6): a tire man's day plan, on his phone's snapshot and in the office, equals a
// recount over the checks: the units of his projects with no check this month that counts as work
// done (rules/work-done.ts), never checked first, then the oldest last check.
import { ZFieldBootstrap, ZTiremanPlan } from '@itms/contracts/field';
import { dayPlan } from '@itms/contracts/rules/day-plan';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { todayIn } from '../reports/reports.service';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { location: 0, project: 0, tireman: 0, tireman2: 0, admin: 0 };
const unit: Record<string, number> = {};

async function q<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { access_token: token } });

/** The first moment of the current local month. */
const monthStart = () =>
  sql`(date_trunc('month', now() at time zone ${t.config.timezone}) at time zone ${t.config.timezone})`;

async function check(plate: string, at: SQL, over: { approved?: boolean; returned?: boolean } = {}) {
  await q(sql`
    insert into tire_checks (unit_id, plate_number, tireman_id, location_id, project_id, odometer, status,
                             edp_sign, returned_at, return_reason, performed_at, created_at)
    values (${unit[plate]}, ${plate}, ${ids.tireman2}, ${ids.location}, ${ids.project}, 60000,
            ${over.approved ? 'approved' : 'pending'}, ${over.approved ? '2026/01/edp.png' : '-'},
            ${over.returned ? sql`now()` : sql`null`}, ${over.returned ? 'Foto buram' : null}, ${at}, now())`);
}

/** The plan recounted from the checks themselves, not from the read model the plan reads. */
async function recount(): Promise<{ todo: string[]; done: number; total: number }> {
  const rows = await q<{ plate_number: string; done: boolean }>(sql`
    select u.plate_number,
           exists (select 1 from tire_checks c where c.unit_id = u.id and c.returned_at is null
                      and c.performed_at >= ${monthStart()}) as done,
           (select max(c.performed_at) from tire_checks c where c.unit_id = u.id and c.returned_at is null) as last
      from units u where u.project_id = ${ids.project}
     order by last asc nulls first, u.plate_number collate "C", u.id`);
  return {
    todo: rows.filter((r) => !r.done).map((r) => r.plate_number),
    done: rows.filter((r) => r.done).length,
    total: rows.length,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from locations where name = ${FX.location}) as location,
           (select id from projects where name = ${FX.project}) as project,
           (select id from users where email = ${FX.tireman.email}) as tireman,
           (select id from users where email = ${FX.tireman2.email}) as tireman2,
           (select id from users where email = ${FX.admin.email}) as admin`);
  Object.assign(ids, u);
  const link = await t.app.inject({
    method: 'PUT',
    url: `/api/tire-man/${ids.tireman}`,
    headers: { access_token: tok.admin },
    payload: {
      name: FX.tireman.name,
      email: FX.tireman.email,
      phone: '081100000004',
      role: 'tire-man',
      project_ids: [ids.project],
    },
  });
  expect(link.statusCode, link.body).toBe(200);
  for (const plate of ['P 1 SENT', 'P 2 VALID', 'P 3 LAST', 'P 4 NEVER', 'P 5 RETURNED']) {
    await q(
      sql`insert into units (plate_number, unit_type, project_id) values (${plate}, 'CDD', ${ids.project})`,
    );
  }
  for (const r of await q<{ id: number; plate_number: string }>(
    sql`select id, plate_number from units where project_id = ${ids.project}`,
  )) {
    unit[r.plate_number] = r.id;
  }
  // sent this month, not validated yet: done
  await check('P 1 SENT', sql`now()`);
  // validated this month: done
  await check('P 2 VALID', sql`now()`, { approved: true });
  // its only check is last month's last hours (local): to do
  await check('P 3 LAST', sql`${monthStart()} - interval '2 hours'`);
  // returned this month (his work still to do), checked 40 days before the month: to do, before P 3
  await check('P 5 RETURNED', sql`${monthStart()} - interval '40 days'`);
  await check('P 5 RETURNED', sql`now()`, { returned: true });
});
afterAll(() => t?.close());

describe('Tugas: the day plan', () => {
  it('the office plan of a tire man equals a recount over the checks, oldest last check first', async () => {
    const res = await get(`/tire-man-plan/${ids.tireman}`, tok.staff);
    expect(res.statusCode, res.body).toBe(200);
    const plan = ZTiremanPlan.parse(res.json());
    const again = await recount();
    // the fixture's two units have no checks: never checked, with the new one, first
    expect(new Set(again.todo.slice(0, 3))).toEqual(new Set([FX.engkel, FX.tronton, 'P 4 NEVER']));
    expect(again.todo.slice(3)).toEqual(['P 5 RETURNED', 'P 3 LAST']);
    expect(plan.todo.map((u) => u.plate_number)).toEqual(again.todo);
    expect(plan).toMatchObject({
      tireman: { id: ids.tireman, name: FX.tireman.name },
      month: todayIn(t.config.timezone).slice(0, 7),
      done: 2,
      total: again.total,
    });
    expect(again.done).toBe(2);
    // the last check's local day, as Absensi Unit Bulanan has it
    const lastMonth = plan.todo.find((u) => u.plate_number === 'P 3 LAST')!;
    expect(lastMonth.last_done_on?.slice(0, 7)).not.toBe(plan.month);
    expect(lastMonth.last_done_on! < `${plan.month}-01`).toBe(true);
    expect(plan.todo.find((u) => u.plate_number === 'P 4 NEVER')!.last_done_on).toBeNull();
  });

  it("his phone's snapshot gives the same plan, and the same 'checked this month'", async () => {
    const res = await get('/field/bootstrap', tok.tireman);
    expect(res.statusCode, res.body).toBe(200);
    const snap = ZFieldBootstrap.parse(res.json());
    const office = ZTiremanPlan.parse((await get(`/tire-man-plan/${ids.tireman}`, tok.staff)).json());
    const phone = dayPlan(snap.units, office.month);
    expect(phone.todo.map((u) => u.id)).toEqual(office.todo.map((u) => u.id));
    expect([phone.done, phone.total]).toEqual([office.done, office.total]);
    const returned = snap.units.find((u) => u.plate_number === 'P 5 RETURNED')!;
    // a returned check is not work done: not checked this month, whatever its date
    expect(returned.checked_this_month).toBe(false);
    expect(snap.units.find((u) => u.plate_number === 'P 1 SENT')!.checked_this_month).toBe(true);
  });

  it('a check sent now takes the unit off the plan', async () => {
    await check('P 3 LAST', sql`now()`);
    const plan = ZTiremanPlan.parse((await get(`/tire-man-plan/${ids.tireman}`, tok.staff)).json());
    expect(plan.todo.map((u) => u.plate_number)).toEqual((await recount()).todo);
    expect(plan.todo.map((u) => u.plate_number)).not.toContain('P 3 LAST');
    expect(plan.done).toBe(3);
  });

  it('is for the office; a tire man and a non tire man are refused', async () => {
    expect((await get(`/tire-man-plan/${ids.tireman}`, tok.tireman)).statusCode).toBe(403);
    expect((await get(`/tire-man-plan/${ids.admin}`, tok.staff)).statusCode).toBe(404);
  });
});
