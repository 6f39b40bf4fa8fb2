import { API } from '@itms/contracts/api';
import { CHECKS_PER_TIREMAN_PER_DAY } from '@itms/contracts/constants';
import { DATE_ORDER_MESSAGE, PICK_DATES_MESSAGE, PICK_MONTH_MESSAGE } from '@itms/contracts/reports';
import { checksPerTireMan, percentOf, planFor } from '@itms/contracts/rules/expected-checks';
import { type AwaitedSignature, countsAsWorkDone, signatureAwaited } from '@itms/contracts/rules/work-done';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import {
  locations,
  mismatches,
  projects,
  regionPlans,
  regions,
  tireChecks,
  tireReplacements,
  units,
  users,
} from '../../db/schema';
import { PLAN_SINCE_ALWAYS } from '../regions/regions.service';
import { syncReportTimezone } from './report-timezone';
import { todayIn } from './reports.service';

// Seeded data: four regions (one with manpower 0, one without checks), five locations, five units,
// five check makers (three tire men, a tire man with a blank name, an admin), ~260 checks spread
// over 2024-12-30 .. 2025-02-02 Jakarta time with every signing state, plus checks pinned at 00:30
// and 23:30 on the edges of January. Every fifth seeded check reached the server 2 days 3 hours
// after it was done (created_at > performed_at): reports go by performed_at. Every report is
// compared with a plain recount of the rows.

let t: TestApp;
let office: string;
let fieldToken: string;
const TZ = 'Asia/Jakarta';

/** An instant given as Jakarta wall time 'YYYY-MM-DD HH:mm'. */
const jkt = (s: string) => new Date(`${s.replace(' ', 'T')}:00+07:00`);

const partsFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function local(d: Date): { date: string; time: string } {
  const p = Object.fromEntries(partsFmt.formatToParts(d).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

interface CheckRow {
  id: number;
  created_at: Date;
  performed_at: Date;
  tireman_id: number;
  location_id: number;
  unit_id: number;
  status: string;
  pic_sign: string;
  edp_sign: string;
  workshop_sign: string;
  returned_at: Date | null;
}

const ids = {
  tm1: 0,
  tm2: 0,
  tm3: 0,
  blank: 0,
  admin: 0,
  regionA: 0,
  regionB: 0,
  regionC: 0,
  regionD: 0,
  units: [] as number[],
  locations: [] as number[],
};
const pinned = { jan1Early: 0, dec31Late: 0, jan31Late: 0, feb1Early: 0 };

const api = (method: 'GET' | 'POST', url: string, payload?: object, token = office) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

async function allChecks(): Promise<CheckRow[]> {
  return t.database.db
    .select({
      id: tireChecks.id,
      created_at: tireChecks.created_at,
      performed_at: tireChecks.performed_at,
      tireman_id: tireChecks.tireman_id,
      location_id: tireChecks.location_id,
      unit_id: tireChecks.unit_id,
      status: tireChecks.status,
      pic_sign: tireChecks.pic_sign,
      edp_sign: tireChecks.edp_sign,
      workshop_sign: tireChecks.workshop_sign,
      returned_at: tireChecks.returned_at,
    })
    .from(tireChecks);
}

/** The checks that count as work done (not returned and waiting to be sent again). */
const doneChecks = async () => (await allChecks()).filter(countsAsWorkDone);

/** The check was done (performed_at) on one of the days, Jakarta time. */
const inDays = (c: { performed_at: Date }, start: string, end: string) => {
  const d = local(c.performed_at).date;
  return d >= start && d <= end;
};

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  office = await t.login(FX.staff.email);
  fieldToken = await t.login(FX.tireman.email);

  const byEmail = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  ids.tm1 = await byEmail(FX.tireman.email);
  ids.tm2 = await byEmail(FX.tireman2.email);
  ids.admin = await byEmail(FX.admin.email);
  const [tm3, blank] = await db
    .insert(users)
    .values([
      {
        name: 'Tomi Tireman',
        email: 'tm3@test.local',
        phone: '081100000099',
        role: 'tire-man',
        password_hash: 'x',
      },
      { name: '  ', email: 'tm4@test.local', phone: '081100000098', role: 'tire-man', password_hash: 'x' },
    ])
    .returning({ id: users.id });
  ids.tm3 = tm3!.id;
  ids.blank = blank!.id;

  const [regionA] = await db.select().from(regions).where(eq(regions.name, FX.region));
  ids.regionA = regionA!.id;
  const [rb, rc, rd] = await db
    .insert(regions)
    .values([
      { name: 'Jawa Timur', manpower: 3, pic: 'Bu Sari' },
      { name: 'Sumatera', manpower: 0, pic: 'Pak Bonar' },
      { name: 'Kalimantan', manpower: 4, pic: 'Pak Dayak' },
    ])
    .returning({ id: regions.id });
  ids.regionB = rb!.id;
  ids.regionC = rc!.id;
  ids.regionD = rd!.id;
  const [locA1] = await db.select().from(locations).where(eq(locations.name, FX.location));
  const more = await db
    .insert(locations)
    .values([
      { name: 'Pool Bekasi', region_id: ids.regionA },
      { name: 'Pool Surabaya', region_id: ids.regionB },
      { name: 'Pool Sidoarjo', region_id: ids.regionB },
      { name: 'Pool Medan', region_id: ids.regionC },
    ])
    .returning({ id: locations.id });
  ids.locations = [locA1!.id, ...more.map((l) => l.id)];

  const [project] = await db.select().from(projects).limit(1);
  const fxUnits = await db.select({ id: units.id }).from(units);
  const extra = await db
    .insert(units)
    .values(
      ['B 1000 AA', 'B 1001 AB', 'L 2000 XY'].map((plate_number) => ({
        plate_number,
        unit_type: 'ENGKEL',
        project_id: project!.id,
      })),
    )
    .returning({ id: units.id });
  ids.units = [...fxUnits.map((u) => u.id), ...extra.map((u) => u.id)];

  // signing states: [pic, edp, workshop, status, returned]
  const states = [
    ['-', '-', '-', 'pending', false],
    ['pic.png', '-', '-', 'pending', false],
    ['pic.png', 'edp.png', '-', 'approved', false],
    ['pic.png', 'edp.png', 'ws.png', 'approved', false],
    ['-', 'edp.png', '-', 'approved', false], // PIC missing wins over everything else
    ['-', '-', '-', 'pending', true], // returned to the tire man
  ] as const;
  const rnd = mulberry32(20250131);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const makers = [ids.tm1, ids.tm1, ids.tm2, ids.tm2, ids.tm3, ids.blank, ids.admin];
  const from = jkt('2024-12-30 00:00').getTime();
  const to = jkt('2025-02-02 00:00').getTime();
  const row = (performed_at: Date, over: Partial<typeof tireChecks.$inferInsert> = {}) => {
    const [pic_sign, edp_sign, workshop_sign, status, returned] = pick(states);
    const unit_id = pick(ids.units);
    return {
      unit_id,
      plate_number: `P-${unit_id}`,
      tireman_id: pick(makers),
      location_id: pick(ids.locations),
      odometer: 1000,
      pic_sign,
      edp_sign,
      workshop_sign,
      status,
      returned_at: returned ? performed_at : null,
      performed_at,
      created_at: performed_at,
      ...over,
    };
  };
  const rows = Array.from({ length: 260 }, () => row(new Date(from + Math.floor(rnd() * (to - from)))));
  // sent late: received 2 days 3 hours after the work (many cross a day or month edge)
  rows.forEach((r, i) => {
    if (i % 5 === 0) r.created_at = new Date(r.performed_at.getTime() + 51 * 3600_000);
  });
  await db.insert(tireChecks).values(rows);
  // the day-edge checks count as work done (not returned)
  const pins = await db
    .insert(tireChecks)
    .values([
      row(jkt('2025-01-01 00:30'), { tireman_id: ids.tm3, location_id: ids.locations[0], returned_at: null }),
      row(jkt('2024-12-31 23:30'), { tireman_id: ids.tm3, location_id: ids.locations[0], returned_at: null }),
      row(jkt('2025-01-31 23:30'), { tireman_id: ids.tm3, location_id: ids.locations[2], returned_at: null }),
      row(jkt('2025-02-01 00:30'), { tireman_id: ids.tm3, location_id: ids.locations[2], returned_at: null }),
    ])
    .returning({ id: tireChecks.id });
  [pinned.jan1Early, pinned.dec31Late, pinned.jan31Late, pinned.feb1Early] = pins.map((p) => p.id) as [
    number,
    number,
    number,
    number,
  ];
});
afterAll(() => t?.close());

describe('Produktifitas: POST /api/tire-check/querry/search', () => {
  it('counts checks and approved checks per tire man exactly like a recount of the rows', async () => {
    const res = await api('POST', '/api/tire-check/querry/search', {
      firstDate: '2025-01-01',
      lastDate: '2025-01-31',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const jan = (await doneChecks()).filter((c) => inDays(c, '2025-01-01', '2025-01-31'));
    expect(body.total).toBe(jan.length);
    expect(body.approved).toBe(jan.filter((c) => c.status === 'approved').length);
    const people = await t.database.db.select().from(users);
    const expected = people
      .filter((u) => u.role === 'tire-man' || jan.some((c) => c.tireman_id === u.id))
      .map((u) => ({
        id: u.id,
        name: u.name,
        total_pengecekan: jan.filter((c) => c.tireman_id === u.id).length,
        total_pengecekan_approved: jan.filter((c) => c.tireman_id === u.id && c.status === 'approved').length,
      }))
      .sort((a, b) => b.total_pengecekan - a.total_pengecekan || a.id - b.id);
    expect(body.tire_man).toEqual(expected);
    // the admin made checks too, and staff did not
    expect(body.tire_man.map((r: { id: number }) => r.id)).toContain(ids.admin);
    expect(body.tire_man.length).toBe(expected.length);
  });

  it('takes whole days in Jakarta time: 00:30 on the first day in, 23:30 the day before out', async () => {
    const res = await api('POST', '/api/tire-check/querry/search', {
      firstDate: '2025-01-01',
      lastDate: '2025-01-01',
    });
    const all = await doneChecks();
    const day = all.filter((c) => inDays(c, '2025-01-01', '2025-01-01'));
    expect(day.map((c) => c.id)).toContain(pinned.jan1Early);
    expect(day.map((c) => c.id)).not.toContain(pinned.dec31Late);
    expect(res.json().total).toBe(day.length);
    const tm3 = res.json().tire_man.find((r: { id: number }) => r.id === ids.tm3);
    expect(tm3.total_pengecekan).toBe(day.filter((c) => c.tireman_id === ids.tm3).length);
  });

  it('accepts form-urlencoded bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-check/querry/search',
      headers: { access_token: office, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'firstDate=2020-01-01&lastDate=2030-12-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe((await doneChecks()).length);
  });

  it('exports the same numbers as XLSX', async () => {
    const res = await api('POST', '/api/tire-check/querry/search/export', {
      firstDate: '2025-01-01',
      lastDate: '2025-01-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('produktifitas_2025-01-01_2025-01-31.xlsx');
    const json = (
      await api('POST', '/api/tire-check/querry/search', { firstDate: '2025-01-01', lastDate: '2025-01-31' })
    ).json();
    const ws = (await readXlsx(res.rawPayload)).getWorksheet('Produktifitas')!;
    expect(ws.getCell('A1').value).toBe('Produktifitas · Periode 01 Januari 2025 s.d. 31 Januari 2025');
    expect(rowValues(ws, 2)).toEqual(['Id', 'Nama', 'Total Pengecekan', 'Approved']);
    const first = json.tire_man[0];
    expect(rowValues(ws, 3)).toEqual([
      first.id,
      first.name,
      first.total_pengecekan,
      first.total_pengecekan_approved,
    ]);
    expect(rowValues(ws, json.tire_man.length + 3).slice(1)).toEqual(['Total', json.total, json.approved]);
  });
});

describe('Leaderboard: GET /api/tire-check/leader-board', () => {
  const recount = async (start: string, end: string) => {
    const rows = (await doneChecks()).filter((c) => inDays(c, start, end));
    const people = await t.database.db.select().from(users);
    return people
      .map((u) => ({
        id: u.id,
        userName: u.name,
        highScore: rows.filter((c) => c.tireman_id === u.id).length,
      }))
      .filter((e) => e.highScore > 0)
      .sort((a, b) => b.highScore - a.highScore || a.id - b.id)
      .map((e, _, all) => ({ rank: 1 + all.filter((o) => o.highScore > e.highScore).length, ...e }));
  };

  it('gives tire men with as many checks the same rank, the next one after all of them (1, 1, 3)', async () => {
    // a day of its own: two tire men with two checks each, one with one
    const done = new Date('2024-05-15T03:00:00Z');
    const check = (tiremanId: number) => ({
      unit_id: ids.units[0]!,
      plate_number: 'TIE',
      tireman_id: tiremanId,
      location_id: ids.locations[0]!,
      odometer: 1,
      performed_at: done,
      created_at: done,
    });
    await t.database.db
      .insert(tireChecks)
      .values([check(ids.tm2), check(ids.tm2), check(ids.tm1), check(ids.tm1), check(ids.tm3)]);
    const res = await api('GET', '/api/tire-check/leader-board?dateStart=2024-05-15&dateEnd=2024-05-15');
    const ranks = (res.json() as { rank: number; highScore: number }[]).map((e) => [e.rank, e.highScore]);
    expect(ranks).toEqual([
      [1, 2],
      [1, 2],
      [3, 1],
    ]);
  });

  it('ranks tire men by checks in the period, most first', async () => {
    const res = await api('GET', '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31');
    expect(res.statusCode).toBe(200);
    const expected = await recount('2025-01-01', '2025-01-31');
    expect(expected.length).toBeGreaterThan(3);
    expect(res.json()).toEqual(expected);
  });

  it('serves pages of the ranking for the Leaderboard screen', async () => {
    const expected = await recount('2025-01-01', '2025-01-31');
    const res = await api(
      'GET',
      '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31&page=2&pageSize=2',
    );
    expect(res.json()).toEqual({
      data: expected.slice(2, 4),
      total: expected.length,
      page: 2,
      pageSize: 2,
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
    });
    const past = await api(
      'GET',
      '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31&page=99',
    );
    expect(past.json()).toMatchObject({ data: [], total: expected.length, page: 99, pageSize: 10 });
  });

  it('defaults to the current month', async () => {
    const now = local(new Date()).date;
    const month = now.slice(0, 7);
    const [created] = await t.database.db
      .insert(tireChecks)
      .values({
        unit_id: ids.units[0]!,
        plate_number: 'NOW',
        tireman_id: ids.tm2,
        location_id: ids.locations[0]!,
        odometer: 1,
      })
      .returning({ id: tireChecks.id });
    const res = await api('GET', '/api/tire-check/leader-board');
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    expect(res.json()).toEqual(await recount(`${month}-01`, `${month}-${lastDay}`));
    expect(res.json().find((e: { id: number }) => e.id === ids.tm2).highScore).toBeGreaterThanOrEqual(1);
    await t.database.db.delete(tireChecks).where(eq(tireChecks.id, created!.id));
  });

  it('exports the performance sheet', async () => {
    const res = await api(
      'GET',
      '/api/tire-check/leader-board/export?dateStart=2025-01-01&dateEnd=2025-01-31',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('performance_2025-01-01_2025-01-31.xlsx');
    const ws = (await readXlsx(res.rawPayload)).getWorksheet('Performance')!;
    expect(ws.getCell('A1').value).toBe(
      'Performance Tire Man · Periode 01 Januari 2025 s.d. 31 Januari 2025',
    );
    expect(rowValues(ws, 2)).toEqual(['Peringkat', 'Id', 'Nama', 'Total']);
    const top = (await recount('2025-01-01', '2025-01-31'))[0]!;
    expect(rowValues(ws, 3)).toEqual([1, top.id, top.userName, top.highScore]);
  });
});

describe('Summary per region: POST /api/tire-check/summary', () => {
  async function recount(start: string, end: string) {
    const rows = (await doneChecks()).filter((c) => inDays(c, start, end));
    const locs = await t.database.db.select().from(locations);
    const regionOf = new Map(locs.map((l) => [l.id, l.region_id]));
    const people = new Map((await t.database.db.select().from(users)).map((u) => [u.id, u.name]));
    const regs = (await t.database.db.select().from(regions)).sort((a, b) => a.id - b.id);
    const plans = await t.database.db.select().from(regionPlans);
    return regs.map((r) => {
      const mine = rows.filter((c) => regionOf.get(c.location_id) === r.id);
      const byMan = new Map<number, number>();
      for (const c of mine) byMan.set(c.tireman_id, (byMan.get(c.tireman_id) ?? 0) + 1);
      const lead = [...byMan.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
      // the region's dated plans, or its own columns when it has none (a region made by hand)
      const dated = plans.filter((p) => p.region_id === r.id);
      const mineP = dated.length
        ? dated
        : [{ month: PLAN_SINCE_ALWAYS, manpower: r.manpower, target_check: r.target_check }];
      const inForce = planFor(mineP, `${end.slice(0, 7)}-01`)!;
      const tireMen = byMan.size;
      const expected = checksPerTireMan(mineP, start, end) * tireMen;
      const total = mine.length;
      const approved = mine.filter((c) => c.status === 'approved').length;
      const awaiting = (who: AwaitedSignature) => mine.filter((c) => signatureAwaited(c) === who).length;
      return {
        id: r.id,
        region: r.name,
        pic: r.pic,
        manpower: inForce.manpower,
        tire_men: tireMen,
        total,
        approved,
        awaiting_pic: awaiting('pic'),
        awaiting_edp: awaiting('edp'),
        awaiting_workshop: awaiting('workshop'),
        leader: lead ? people.get(lead[0])! : null,
        target_check: inForce.target_check,
        expected,
        // a past range is due whole
        expected_to_date: expected,
        percentage: percentOf(total, expected),
        approved_percentage: percentOf(approved, expected),
      };
    });
  }

  it('gives every region its counts, awaiting PIC/EDP/WS split, leader, expected and percentage', async () => {
    const res = await api('POST', '/api/tire-check/summary', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dateStart: '2025-01-01', dateEnd: '2025-01-31', days: 31, daysToDate: 31 });
    const expected = await recount('2025-01-01', '2025-01-31');
    expect(body.data).toEqual(expected);
    const a = body.data.find((r: { id: number }) => r.id === ids.regionA);
    // the tire men who worked there in January, not the region's typed manpower (2)
    const regionLocations = new Map(
      (await t.database.db.select().from(locations)).map((l) => [l.id, l.region_id]),
    );
    const janA = (await doneChecks()).filter(
      (c) => inDays(c, '2025-01-01', '2025-01-31') && regionLocations.get(c.location_id) === ids.regionA,
    );
    expect(a.tire_men).toBe(new Set(janA.map((c) => c.tireman_id)).size);
    expect(a.tire_men).toBeGreaterThan(1);
    expect(a.manpower).toBe(2);
    expect(a.expected).toBe(16 * a.tire_men * 31);
    expect(a.total).toBeGreaterThan(0);
    // each check in one column at most: PIC, else EDP, else WS
    expect(a.awaiting_pic + a.awaiting_edp + a.awaiting_workshop).toBeLessThanOrEqual(a.total);
    expect(a.awaiting_workshop).toBeLessThanOrEqual(a.approved);
    // manpower typed 0, yet tire men worked there: they are expected to have checked
    const c = body.data.find((r: { id: number }) => r.id === ids.regionC);
    expect(c).toMatchObject({ manpower: 0, expected: 16 * c.tire_men * 31 });
    expect(c.tire_men).toBeGreaterThan(0);
    expect(c.percentage).not.toBeNull();
    // manpower 4, nobody worked there: nothing expected, no percentage; it still has its card
    expect(body.data.find((r: { id: number }) => r.id === ids.regionD)).toMatchObject({
      total: 0,
      leader: null,
      manpower: 4,
      tire_men: 0,
      expected: 0,
      percentage: null,
    });
  });

  it('counts days inclusively: one day expects 16 x tire men', async () => {
    const res = await api('POST', '/api/tire-check/summary', {
      dateStart: '2025-01-31',
      dateEnd: '2025-01-31',
    });
    const body = res.json();
    expect(body.days).toBe(1);
    expect(body.data).toEqual(await recount('2025-01-31', '2025-01-31'));
    // 23:30 on the last day is in, 00:30 the next day is not
    const b = body.data.find((r: { id: number }) => r.id === ids.regionB);
    const all = await doneChecks();
    expect(
      all.find((c) => c.id === pinned.jan31Late) &&
        inDays(all.find((c) => c.id === pinned.jan31Late)!, '2025-01-31', '2025-01-31'),
    ).toBe(true);
    expect(inDays(all.find((c) => c.id === pinned.feb1Early)!, '2025-01-31', '2025-01-31')).toBe(false);
    expect(b.expected).toBe(16 * b.tire_men);
  });

  it('measures a range running past today against the target up to today (Jakarta)', async () => {
    const today = todayIn(TZ);
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    // yesterday and today are due, the next five days are not yet
    const range = { dateStart: iso(day(-1)), dateEnd: iso(day(5)) };
    const [b] = await t.database.db.select().from(regions).where(eq(regions.id, ids.regionB));
    const check = await api('POST', '/api/tire-check/summary', { ...range, regionId: ids.regionB });
    expect(check.statusCode).toBe(200);
    const body = check.json();
    expect(body).toMatchObject({ days: 7, daysToDate: 2 });
    const perDay = b!.target_check ?? CHECKS_PER_TIREMAN_PER_DAY;
    const men = body.data[0].tire_men;
    expect(body.data[0]).toMatchObject({
      expected: perDay * men * 7,
      expected_to_date: perDay * men * 2,
      percentage: percentOf(body.data[0].total, perDay * men * 2),
    });
    // a range that has not started yet is due nothing: no percentage
    const ahead = (
      await api('POST', '/api/tire-check/summary', {
        dateStart: iso(day(1)),
        dateEnd: iso(day(3)),
        regionId: ids.regionB,
      })
    ).json();
    expect(ahead).toMatchObject({ days: 3, daysToDate: 0 });
    expect(ahead.data[0]).toMatchObject({ expected_to_date: 0, percentage: null, approved_percentage: null });
  });

  it('filters one region for the Detail button', async () => {
    const res = await api('POST', '/api/tire-check/summary', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
      regionId: ids.regionB,
    });
    const all = await recount('2025-01-01', '2025-01-31');
    expect(res.json().data).toEqual(all.filter((r) => r.id === ids.regionB));
    const missing = await api('POST', '/api/tire-check/summary', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
      regionId: 999999,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('measures a region against its saved Target Check (checks per tire man per day)', async () => {
    const range = { dateStart: '2025-01-01', dateEnd: '2025-01-31' };
    const before = (await api('POST', '/api/tire-check/summary', range))
      .json()
      .data.find((r: { id: number }) => r.id === ids.regionB);
    const men = before.tire_men;
    expect(men).toBeGreaterThan(0);
    expect(before.expected).toBe(16 * men * 31);
    await t.database.db.update(regions).set({ target_check: 4 }).where(eq(regions.id, ids.regionB));
    const res = await api('POST', '/api/tire-check/summary', range);
    const b = res.json().data.find((r: { id: number }) => r.id === ids.regionB);
    expect(b).toMatchObject({
      target_check: 4,
      total: before.total,
      expected: 4 * men * 31,
      percentage: percentOf(before.total, 4 * men * 31),
      approved_percentage: percentOf(before.approved, 4 * men * 31),
    });
    expect(b.percentage).toBeGreaterThan(before.percentage);
    const a = res.json().data.find((r: { id: number }) => r.id === ids.regionA);
    expect(a).toMatchObject({ target_check: null, expected: 16 * a.tire_men * 31 });
    expect(res.json().data).toEqual(await recount('2025-01-01', '2025-01-31'));
  });

  it("exports the sheet 'Summary Pengecekan' with Id, Region, Total, Approved, Tireman, PIC", async () => {
    const res = await api('POST', '/api/tire-check/summary/export', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('summary-pengecekan_2025-01-01_2025-01-31.xlsx');
    const wb = await readXlsx(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary Pengecekan']);
    const ws = wb.getWorksheet('Summary Pengecekan')!;
    expect(ws.getCell('A1').value).toBe('Summary Pengecekan · Periode 01 Januari 2025 s.d. 31 Januari 2025');
    expect(rowValues(ws, 2)).toEqual(['Id', 'Region', 'Total', 'Approved', 'Tireman', 'PIC']);
    const expected = await recount('2025-01-01', '2025-01-31');
    expect(ws.rowCount).toBe(expected.length + 2);
    expected.forEach((r, i) => {
      expect(rowValues(ws, i + 3)).toEqual([r.id, r.region, r.total, r.approved, r.tire_men, r.pic]);
    });
  });
});

describe('Absensi Unit Bulanan: POST /api/tire-check/absent', () => {
  async function recount(month: string, days: number) {
    const start = `${month}-01`;
    const end = `${month}-${String(days).padStart(2, '0')}`;
    const rows = (await doneChecks()).filter((c) => inDays(c, start, end));
    const fleet = (await t.database.db.select().from(units)).sort((a, b) =>
      a.plate_number < b.plate_number ? -1 : a.plate_number > b.plate_number ? 1 : a.id - b.id,
    );
    const perUnit = fleet.map((u) => {
      const mine = rows.filter((c) => c.unit_id === u.id);
      const dayFlags = Array.from({ length: days }, (_, i) =>
        mine.some((c) => Number(local(c.performed_at).date.slice(8, 10)) === i + 1) ? 'Y' : 'N',
      ).join('');
      return { unit_id: u.id, plate_number: u.plate_number, days: dayFlags, total: mine.length };
    });
    const checked = perUnit.filter((u) => u.total > 0);
    const n = checked.length;
    const counts = {
      once: checked.filter((u) => u.total === 1).length,
      twice: checked.filter((u) => u.total === 2).length,
      thrice: checked.filter((u) => u.total === 3).length,
      fourPlus: checked.filter((u) => u.total >= 4).length,
      totalChecks: rows.length,
      distinctUnits: n,
    };
    const share = Object.fromEntries(
      Object.entries(counts).map(([k, v]) => [k, percentOf(v, n) ?? 0]),
    ) as typeof counts;
    return { perUnit, summary: { ...counts, share, fleetUnits: fleet.length } };
  }

  it('marks every unit and day of a 31-day month like a recount, with the 1/2/3/4+ buckets', async () => {
    const res = await api('POST', '/api/tire-check/absent', { month: '2025-01' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = await recount('2025-01', 31);
    expect(body).toMatchObject({
      month: '2025-01',
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
      days: 31,
    });
    expect(body.units).toEqual(expected.perUnit);
    expect(body.total).toBe(expected.perUnit.length);
    expect(body.summary).toEqual(expected.summary);
    expect(body.summary.totalChecks).toBeGreaterThan(100);
    // the check at 23:30 on the 31st counts on day 31 of its unit
    const all = await doneChecks();
    const late = all.find((c) => c.id === pinned.jan31Late)!;
    expect(body.units.find((u: { unit_id: number }) => u.unit_id === late.unit_id).days[30]).toBe('Y');
  });

  it("accepts the spec's dateStart (month) and dateEnd, and pages units", async () => {
    const expected = await recount('2025-01', 31);
    const res = await api('POST', '/api/tire-check/absent', {
      dateStart: '2025-01',
      dateEnd: '2025-01-31',
      page: 2,
      pageSize: 2,
    });
    expect(res.json()).toMatchObject({ page: 2, pageSize: 2, total: expected.perUnit.length });
    expect(res.json().units).toEqual(expected.perUnit.slice(2, 4));
    const plate = await api('POST', '/api/tire-check/absent', { month: '2025-01', q: 'l 2000' });
    expect(plate.json().units).toEqual(expected.perUnit.filter((u) => u.plate_number === 'L 2000 XY'));
  });

  it('knows a leap February has 29 days and reports a unit never checked as all N', async () => {
    await t.database.db.insert(tireChecks).values({
      unit_id: ids.units[0]!,
      plate_number: 'LEAP',
      tireman_id: ids.tm1,
      location_id: ids.locations[0]!,
      odometer: 1,
      performed_at: jkt('2024-02-29 23:30'),
      created_at: jkt('2024-02-29 23:30'),
    });
    const res = await api('POST', '/api/tire-check/absent', { month: '2024-02' });
    const body = res.json();
    expect(body.days).toBe(29);
    const expected = await recount('2024-02', 29);
    expect(body.units).toEqual(expected.perUnit);
    expect(body.units.find((u: { unit_id: number }) => u.unit_id === ids.units[0]).days[28]).toBe('Y');
    expect(body.summary).toMatchObject({ once: 1, distinctUnits: 1, totalChecks: 1 });
    expect(body.summary.share.once).toBe(100);
    const only = await api('POST', '/api/tire-check/absent', { month: '2024-02', onlyChecked: true });
    expect(only.json().units.map((u: { unit_id: number }) => u.unit_id)).toEqual([ids.units[0]]);
  });

  it('writes a plate number with quotes and backslashes as it is stored', async () => {
    const [project] = await t.database.db.select().from(projects).limit(1);
    const plate = 'Q "7\\7\' X';
    const [odd] = await t.database.db
      .insert(units)
      .values({ plate_number: plate, unit_type: 'ENGKEL', project_id: project!.id })
      .returning({ id: units.id });
    try {
      const res = await api('POST', '/api/tire-check/absent', { month: '2025-01', q: 'Q "7' });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json().units).toEqual([
        { unit_id: odd!.id, plate_number: plate, days: 'N'.repeat(31), total: 0 },
      ]);
    } finally {
      await t.database.db.delete(units).where(eq(units.id, odd!.id));
    }
  });

  it('follows checks added, deleted and moved: a day stays marked while it has a check left', async () => {
    const unit = ids.units[1]!;
    const add = (at: string) =>
      t.database.db
        .insert(tireChecks)
        .values({
          unit_id: unit,
          plate_number: 'ABSEN',
          tireman_id: ids.tm1,
          location_id: ids.locations[0]!,
          odometer: 1,
          performed_at: jkt(at),
          created_at: jkt(at),
        })
        .returning({ id: tireChecks.id });
    const [[early], [late], [other], [moving]] = await Promise.all([
      add('2023-03-05 08:00'),
      add('2023-03-05 23:45'),
      add('2023-03-09 10:00'),
      add('2023-03-31 23:59'),
    ]);
    const mine = async (month: string) =>
      (await api('POST', '/api/tire-check/absent', { month }))
        .json()
        .units.find((u: { unit_id: number }) => u.unit_id === unit);
    let march = await mine('2023-03');
    expect(march.total).toBe(4);
    expect([march.days[4], march.days[8], march.days[30]]).toEqual(['Y', 'Y', 'Y']);

    await t.database.db.delete(tireChecks).where(inArray(tireChecks.id, [early!.id, other!.id]));
    await t.database.db
      .update(tireChecks)
      .set({ performed_at: jkt('2023-04-01 00:00') })
      .where(eq(tireChecks.id, moving!.id));
    march = await mine('2023-03');
    expect(march.total).toBe(1);
    // day 5 keeps its late check; days 9 and 31 lost their only one
    expect([...march.days].flatMap((d, i) => (d === 'Y' ? [i + 1] : []))).toEqual([5]);
    const april = await mine('2023-04');
    expect(april.total).toBe(1);
    expect(april.days[0]).toBe('Y');
    for (const [month, days] of [
      ['2023-03', 31],
      ['2023-04', 30],
    ] as const) {
      const res = (await api('POST', '/api/tire-check/absent', { month })).json();
      const expected = await recount(month, days);
      expect(res.units).toEqual(expected.perUnit);
      expect(res.summary).toEqual(expected.summary);
    }
    await t.database.db.delete(tireChecks).where(inArray(tireChecks.id, [late!.id, moving!.id]));
    expect((await mine('2023-03')).total).toBe(0);
  });

  it('rebuckets every unit month when APP_TIMEZONE changes', async () => {
    const db = t.database.db;
    const monthRows = async () =>
      rowsOf<{ month: string; unit_id: number; n: number; days: number }>(
        await db.execute(sql`select month::text, unit_id, n, days from tire_check_unit_month order by 1, 2`),
      );
    const before = await monthRows();
    expect(await syncReportTimezone(db, TZ)).toBe(false);
    try {
      expect(await syncReportTimezone(db, 'UTC')).toBe(true);
      // the check at 23:30 on 31 January in Jakarta is 16:30 UTC the same day; one at 05:00 in
      // Jakarta on the 1st of a month belongs to the month before in UTC
      const utc = new Map<string, { n: number; days: number }>();
      for (const c of await doneChecks()) {
        const iso = c.performed_at.toISOString();
        const key = `${iso.slice(0, 7)}-01|${c.unit_id}`;
        const cur = utc.get(key) ?? { n: 0, days: 0 };
        utc.set(key, { n: cur.n + 1, days: cur.days | (1 << (Number(iso.slice(8, 10)) - 1)) });
      }
      const expected = [...utc.entries()]
        .map(([k, v]) => ({ month: k.split('|')[0]!, unit_id: Number(k.split('|')[1]), ...v }))
        .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.unit_id - b.unit_id));
      expect(await monthRows()).toEqual(expected);
      expect(expected).not.toEqual(before);
    } finally {
      expect(await syncReportTimezone(db, TZ)).toBe(true);
    }
    expect(await monthRows()).toEqual(before);
  });

  it('exports Y/N per day and Total', async () => {
    const res = await api('POST', '/api/tire-check/absent/export', { month: '2025-01' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('absensi-unit_2025-01.xlsx');
    const ws = (await readXlsx(res.rawPayload)).getWorksheet('Absensi 2025-01')!;
    const days = Array.from({ length: 31 }, (_, i) => String(i + 1));
    expect(ws.getCell('A1').value).toBe(
      'Absensi Unit Bulanan · Periode 01 Januari 2025 s.d. 31 Januari 2025',
    );
    expect(rowValues(ws, 2)).toEqual(['No', 'No. Body', ...days, 'Total']);
    const expected = await recount('2025-01', 31);
    expect(ws.rowCount).toBe(expected.perUnit.length + 2);
    expected.perUnit.forEach((u, i) => {
      expect(rowValues(ws, i + 3)).toEqual([i + 1, u.plate_number, ...u.days, u.total]);
    });
  });

  it("asks for a month when none is given: 'Silahkan memilih bulan pengecekan'", async () => {
    for (const body of [{}, { month: '2025-13' }, { month: 'januari' }, { dateStart: '2025-02-30' }]) {
      const res = await api('POST', '/api/tire-check/absent', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PICK_MONTH_MESSAGE);
    }
  });
});

describe('Rekam Pengecekan: POST /api/tire-check/querry/record/search', () => {
  it('pages the checks of the range newest first with local date and time', async () => {
    const all = (await doneChecks()).filter((c) => inDays(c, '2025-01-01', '2025-01-31'));
    const sorted = all.sort((a, b) => b.performed_at.getTime() - a.performed_at.getTime() || b.id - a.id);
    const res = await api('POST', '/api/tire-check/querry/record/search', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
      page: 2,
      pageSize: 15,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: sorted.length, page: 2, pageSize: 15 });
    expect(body.data.map((r: { id: number }) => r.id)).toEqual(sorted.slice(15, 30).map((c) => c.id));
    const people = new Map((await t.database.db.select().from(users)).map((u) => [u.id, u.name]));
    const locs = new Map((await t.database.db.select().from(locations)).map((l) => [l.id, l.name]));
    for (const r of body.data) {
      const c = sorted.find((x) => x.id === r.id)!;
      expect(r.createdAt).toBe(c.created_at.toISOString());
      expect(r.performed_at).toBe(c.performed_at.toISOString());
      // the seeded late ones were received 2 days 3 hours after the work
      expect(r.late_days).toBe(c.created_at > c.performed_at ? 2 : null);
      expect({ date: r.date, time: r.time }).toEqual(local(c.performed_at));
      expect(r.status).toBe(c.status);
      expect(r.unit_id).toBe(c.unit_id);
      const name = people.get(c.tireman_id)!.trim();
      expect(r.tireman_tire_check).toEqual({ id: c.tireman_id, name: name || 'tidak ada' });
      expect(r.Location).toEqual({ name: locs.get(c.location_id) });
    }
  });

  it('shows the 00:30 check of the first day with its Jakarta date and time, and "tidak ada" for a blank name', async () => {
    const res = await api('POST', '/api/tire-check/querry/record/search', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-01',
      pageSize: 100,
    });
    const early = res.json().data.find((r: { id: number }) => r.id === pinned.jan1Early);
    expect(early).toMatchObject({ date: '2025-01-01', time: '00:30' });
    expect(res.json().data.map((r: { id: number }) => r.id)).not.toContain(pinned.dec31Late);
    const blank = (await doneChecks()).find((c) => c.tireman_id === ids.blank)!;
    expect(blank).toBeDefined();
    const day = local(blank.performed_at).date;
    const sameDay = await api('POST', '/api/tire-check/querry/record/search', {
      dateStart: day,
      dateEnd: day,
      pageSize: 100,
    });
    const row = sameDay.json().data.find((r: { id: number }) => r.id === blank.id);
    expect(row.tireman_tire_check).toEqual({ id: ids.blank, name: 'tidak ada' });
  });

  it('filters by status', async () => {
    for (const status of ['approved', 'pending'] as const) {
      const matching = (await doneChecks()).filter(
        (c) => inDays(c, '2025-01-01', '2025-01-31') && c.status === status,
      );
      expect(matching.length, status).toBeGreaterThan(0);
      const res = await api('POST', '/api/tire-check/querry/record/search', {
        dateStart: '2025-01-01',
        dateEnd: '2025-01-31',
        status,
        pageSize: 100,
      });
      expect(res.json().total, status).toBe(matching.length);
      expect(res.json().data.every((r: { status: string }) => r.status === status)).toBe(true);
    }
  });
});

describe('Riwayat Pergantian: GET /api/tire-replacement/record/search', () => {
  it('pages replacements of the range newest first, with tire man, plate and location', async () => {
    const db = t.database.db;
    const base = {
      unit_id: ids.units[1]!,
      tireman_id: ids.tm2,
      location_id: ids.locations[3]!,
      odometer: 5000,
    };
    const made = await db
      .insert(tireReplacements)
      .values([
        { ...base, performed_at: jkt('2025-01-01 00:30'), created_at: jkt('2025-01-01 00:30') },
        // received on the 1st, done on 31 December: not in January
        { ...base, performed_at: jkt('2024-12-31 23:30'), created_at: jkt('2025-01-01 08:00') },
        // done on 31 January, received two days later: in January, 2 days late
        {
          ...base,
          performed_at: jkt('2025-01-31 23:30'),
          created_at: jkt('2025-02-02 23:40'),
          status: 'approved',
          edp_sign: 'edp.png',
        },
        {
          ...base,
          performed_at: jkt('2025-01-15 10:00'),
          created_at: jkt('2025-01-15 10:00'),
          tireman_id: ids.blank,
        },
      ])
      .returning({ id: tireReplacements.id });
    const res = await api(
      'GET',
      '/api/tire-replacement/record/search?dateStart=2025-01-01&dateEnd=2025-01-31',
    );
    expect(res.statusCode).toBe(200);
    const [unit] = await db.select().from(units).where(eq(units.id, base.unit_id));
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 15 });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: made[2]!.id,
        status: 'approved',
        date: '2025-01-31',
        time: '23:30',
        createdAt: jkt('2025-02-02 23:40').toISOString(),
        performed_at: jkt('2025-01-31 23:30').toISOString(),
        late_days: 2,
        plate_number: unit!.plate_number,
        Tire_Man: { id: ids.tm2, name: FX.tireman2.name },
        Location: { name: 'Pool Sidoarjo' },
      }),
      expect.objectContaining({ id: made[3]!.id, Tire_Man: { id: ids.blank, name: 'tidak ada' } }),
      expect.objectContaining({
        id: made[0]!.id,
        date: '2025-01-01',
        time: '00:30',
        status: 'pending',
        late_days: null,
      }),
    ]);
    const pending = await api(
      'GET',
      '/api/tire-replacement/record/search?dateStart=2025-01-01&dateEnd=2025-01-31&status=pending&pageSize=50',
    );
    expect(pending.json().data.map((r: { id: number }) => r.id)).toEqual([made[3]!.id, made[0]!.id]);
    await db.delete(tireReplacements);
  });
});

describe('record filters (plate, tire man, location, status) and exports', () => {
  const JAKARTA_MS = 7 * 3600_000;
  /** A read-back date cell equals the instant's Jakarta wall clock (Excel keeps ms up to float error). */
  const expectJakartaCell = (v: unknown, instant: Date | string) => {
    expect(v).toBeInstanceOf(Date);
    expect(Math.abs((v as Date).getTime() - (new Date(instant).getTime() + JAKARTA_MS))).toBeLessThan(2);
  };
  const newestFirst = <T extends { id: number; performed_at: Date }>(rows: T[]) =>
    rows.sort((a, b) => b.performed_at.getTime() - a.performed_at.getTime() || b.id - a.id);

  it('Rekam Pengecekan: each filter and their mix equal a recount, over days and whole months', async () => {
    const all = await doneChecks();
    const cases: Record<string, number | string>[] = [
      { unit_id: ids.units[0]! },
      { tireman_id: ids.tm3 },
      { location_id: ids.locations[2]! },
      { tireman_id: ids.tm1, location_id: ids.locations[1]!, status: 'approved' },
      { unit_id: ids.units[3]!, status: 'pending' },
      { tireman_id: ids.tm2, status: 'pending' },
    ];
    // a range of partial months at both ends and a whole month (daily and monthly rollups)
    for (const [dateStart, dateEnd] of [
      ['2024-12-15', '2025-02-01'],
      ['2025-01-10', '2025-01-20'],
    ] as const) {
      for (const f of cases) {
        const expected = newestFirst(
          all.filter(
            (c) =>
              inDays(c, dateStart, dateEnd) &&
              (!f.unit_id || c.unit_id === f.unit_id) &&
              (!f.tireman_id || c.tireman_id === f.tireman_id) &&
              (!f.location_id || c.location_id === f.location_id) &&
              (!f.status || c.status === f.status),
          ),
        );
        const res = await api('POST', '/api/tire-check/querry/record/search', {
          dateStart,
          dateEnd,
          pageSize: 100,
          ...f,
        });
        const label = JSON.stringify({ dateStart, ...f });
        expect(res.statusCode, label).toBe(200);
        expect(res.json().total, label).toBe(expected.length);
        expect(
          res.json().data.map((r: { id: number }) => r.id),
          label,
        ).toEqual(expected.slice(0, 100).map((c) => c.id));
      }
    }
    // the bigger cases are not empty: the filters are really tried
    expect(all.filter((c) => c.tireman_id === ids.tm3).length).toBeGreaterThan(10);
  });

  it('Rekam Pengecekan export: the filtered checks of every page, a title row, Jakarta date cells', async () => {
    const unitId = ids.units[0]!;
    const [unit] = await t.database.db.select().from(units).where(eq(units.id, unitId));
    const expected = newestFirst(
      (await doneChecks()).filter((c) => inDays(c, '2024-12-01', '2025-02-28') && c.unit_id === unitId),
    );
    expect(expected.length).toBeGreaterThan(15); // more than a page of the screen
    const res = await api(
      'GET',
      `/api/tire-check/querry/record/export?dateStart=2024-12-01&dateEnd=2025-02-28&unit_id=${unitId}&pageSize=15`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('rekam-pengecekan_2024-12-01_2025-02-28.xlsx');
    const ws = (await readXlsx(res.rawPayload)).getWorksheet('Rekam Pengecekan')!;
    expect(ws.getCell('A1').value).toBe(
      `Rekam Pengecekan · Periode 01 Desember 2024 s.d. 28 Februari 2025 · Plat nomor: ${unit!.plate_number}`,
    );
    expect(rowValues(ws, 2)).toEqual([
      'Id',
      'Tire Man',
      'No. Body',
      'Lokasi',
      'Tanggal',
      'Status',
      'Diterima Server',
      'Kerusakan Tapak',
      'Kerusakan Bahu',
      'Kerusakan Dinding',
      'Kerusakan Bead',
      'Kerusakan Dalam',
      'Foto Ban',
    ]);
    expect(ws.rowCount).toBe(expected.length + 2);
    expected.forEach((c, i) => {
      const row = ws.getRow(i + 3);
      expect(row.getCell(1).value).toBe(c.id);
      expect(row.getCell(3).value).toBe(`P-${unitId}`);
      expectJakartaCell(row.getCell(5).value, c.performed_at);
      expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm');
      expect(row.getCell(6).value).toBe(c.status);
      expectJakartaCell(row.getCell(7).value, c.created_at);
    });
    // the tire man and the status in the title too, by name
    const both = await api(
      'GET',
      `/api/tire-check/querry/record/export?dateStart=2025-01-01&dateEnd=2025-01-01&tireman_id=${ids.tm2}&status=approved`,
    );
    const title = (await readXlsx(both.rawPayload)).getWorksheet('Rekam Pengecekan')!.getCell('A1').value;
    expect(title).toBe(
      `Rekam Pengecekan · Periode 01 Januari 2025 · Tire man: ${FX.tireman2.name} · Status: approved`,
    );
  });

  it('Riwayat Pergantian and Rekam BKB: filters and exports', async () => {
    const db = t.database.db;
    const [u0, u1] = [ids.units[0]!, ids.units[1]!];
    const [l0, l1] = [ids.locations[0]!, ids.locations[1]!];
    const base = { odometer: 5000 };
    const made = await db
      .insert(tireReplacements)
      .values([
        { ...base, unit_id: u0, tireman_id: ids.tm1, location_id: l0, performed_at: jkt('2025-03-01 08:00') },
        { ...base, unit_id: u1, tireman_id: ids.tm1, location_id: l1, performed_at: jkt('2025-03-02 09:00') },
        {
          ...base,
          unit_id: u0,
          tireman_id: ids.tm2,
          location_id: l1,
          performed_at: jkt('2025-03-03 23:45'),
          status: 'approved',
          edp_sign: 'edp.png',
        },
      ])
      .returning({ id: tireReplacements.id });
    const ids3 = made.map((m) => m.id);
    const search = async (f: string) =>
      (await api('GET', `/api/tire-replacement/record/search?dateStart=2025-03-01&dateEnd=2025-03-31${f}`))
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await search('')).toEqual([ids3[2], ids3[1], ids3[0]]);
    expect(await search(`&unit_id=${u0}`)).toEqual([ids3[2], ids3[0]]);
    expect(await search(`&tireman_id=${ids.tm1}`)).toEqual([ids3[1], ids3[0]]);
    expect(await search(`&location_id=${l1}`)).toEqual([ids3[2], ids3[1]]);
    expect(await search(`&location_id=${l1}&status=approved`)).toEqual([ids3[2]]);
    expect(await search(`&unit_id=${u1}&tireman_id=${ids.tm2}`)).toEqual([]);

    const rx = await api(
      'GET',
      `/api/tire-replacement/record/export?dateStart=2025-03-01&dateEnd=2025-03-31&location_id=${l1}`,
    );
    expect(rx.statusCode, rx.body).toBe(200);
    const rws = (await readXlsx(rx.rawPayload)).getWorksheet('Riwayat Pergantian')!;
    expect(rws.getCell('A1').value).toBe(
      'Riwayat Pergantian · Periode 01 Maret 2025 s.d. 31 Maret 2025 · Lokasi: Pool Bekasi',
    );
    expect(rws.rowCount).toBe(4);
    expect(rowValues(rws, 3).slice(0, 6)).toEqual([
      ids3[2],
      FX.tireman2.name,
      expect.any(String),
      'Pool Bekasi',
      new Date('2025-03-03T23:45:00Z'),
      'approved',
    ]);
    await db.delete(tireReplacements);

    const bkb = await db
      .insert(mismatches)
      .values([
        {
          unit_id: u0,
          tireman_id: ids.tm1,
          location_id: l0,
          category: 'Beda S/N',
          performed_at: jkt('2025-03-05 07:00'),
        },
        {
          unit_id: u1,
          tireman_id: ids.tm2,
          location_id: l1,
          category: 'Beda S/N',
          performed_at: jkt('2025-03-06 07:00'),
        },
        {
          unit_id: u0,
          tireman_id: ids.tm2,
          location_id: l0,
          category: 'Hilang',
          performed_at: jkt('2025-03-07 00:10'),
        },
      ])
      .returning({ id: mismatches.id });
    const b = bkb.map((m) => m.id);
    const bkbSearch = async (f: Record<string, number | string>) =>
      (
        await api('POST', '/api/mismatch/querry/record/search', {
          dateStart: '2025-03-01',
          dateEnd: '2025-03-31',
          ...f,
        })
      )
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await bkbSearch({})).toEqual([b[2], b[1], b[0]]);
    expect(await bkbSearch({ unit_id: u0 })).toEqual([b[2], b[0]]);
    expect(await bkbSearch({ tireman_id: ids.tm2 })).toEqual([b[2], b[1]]);
    expect(await bkbSearch({ location_id: l0, tireman_id: ids.tm2 })).toEqual([b[2]]);
    expect(await bkbSearch({ status: 'approved' })).toEqual([]);

    const bx = await api(
      'GET',
      `/api/mismatch/querry/record/export?dateStart=2025-03-01&dateEnd=2025-03-31&unit_id=${u0}`,
    );
    expect(bx.statusCode, bx.body).toBe(200);
    const bws = (await readXlsx(bx.rawPayload)).getWorksheet('Rekam BKB')!;
    expect(String(bws.getCell('A1').value)).toMatch(
      /^Rekam BKB · Periode 01 Maret 2025 s\.d\. 31 Maret 2025 · Plat nomor: /,
    );
    expect(rowValues(bws, 2)).toEqual([
      'Id',
      'Tire Man',
      'No. Body',
      'Lokasi',
      'Kategori',
      'Tanggal',
      'Status',
      'Diterima Server',
    ]);
    expect(bws.rowCount).toBe(4);
    expect(bws.getRow(3).getCell(1).value).toBe(b[2]);
    expect(bws.getRow(3).getCell(6).value).toEqual(new Date('2025-03-07T00:10:00Z'));
    expect(bws.getRow(4).getCell(1).value).toBe(b[0]);
    await db.delete(mismatches).where(inArray(mismatches.id, b));
  });

  it('exports are for the office only and check their input', async () => {
    const q = 'dateStart=2025-01-01&dateEnd=2025-01-31';
    for (const url of [
      `/api/tire-check/querry/record/export?${q}`,
      `/api/tire-replacement/record/export?${q}`,
      `/api/mismatch/querry/record/export?${q}`,
    ]) {
      expect((await api('GET', url, undefined, fieldToken)).statusCode, url).toBe(403);
      expect((await api('GET', `${url}&unit_id=abc`)).statusCode, url).toBe(400);
    }
    const bad = await api('GET', `/api/tire-check/querry/record/export?${q}&tireman_id=-1`);
    expect(bad.json().message).toBe('Tire man tidak valid');
  });
});

describe('Dashboard: GET /api/dashboard/counters', () => {
  it('counts today, the EDP queue, BKB, returned checks and replacements (Dikembalikan), pending replacements, and tire men', async () => {
    const db = t.database.db;
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    const base = {
      unit_id: ids.units[0]!,
      plate_number: 'X',
      tireman_id: ids.tm1,
      location_id: ids.locations[0]!,
      odometer: 1,
    };
    await db.insert(tireChecks).values([
      { ...base, performed_at: now, created_at: now },
      {
        ...base,
        performed_at: now,
        created_at: now,
        pic_sign: 'p.png',
        edp_sign: 'e.png',
        status: 'approved',
      },
      // done yesterday, received now: not today's
      { ...base, performed_at: yesterday, created_at: now },
      // returned to the tire man: 'Dikembalikan', not in the EDP queue
      { ...base, performed_at: yesterday, created_at: yesterday, returned_at: now },
    ]);
    await db.insert(mismatches).values([
      { unit_id: ids.units[0]!, category: 'A', status: 'pending' },
      { unit_id: ids.units[0]!, category: 'B', status: 'pending' },
      { unit_id: ids.units[0]!, category: 'C', status: 'approved', signature_url: 's.png' },
    ]);
    const rep = { unit_id: ids.units[0]!, tireman_id: ids.tm1, location_id: ids.locations[0]!, odometer: 1 };
    await db
      .insert(tireReplacements)
      .values([
        { ...rep },
        { ...rep },
        { ...rep, returned_at: now },
        { ...rep, status: 'approved', edp_sign: 'e.png' },
      ]);
    const res = await api('GET', '/api/dashboard/counters');
    expect(res.statusCode).toBe(200);
    const all = await allChecks();
    const today = local(now).date;
    const people = await db.select().from(users);
    expect(res.json()).toMatchObject({
      // work done today: the check returned yesterday is not counted
      today: all.filter((c) => countsAsWorkDone(c) && local(c.performed_at).date === today).length,
      pending: all.filter((c) => c.edp_sign === '-' && c.returned_at === null).length,
      bkb: 2,
      // the returned check and the returned replacement
      returned: all.filter((c) => c.returned_at !== null).length + 1,
      pergantian: 2,
      tireMen: people.filter((u) => u.role === 'tire-man').length,
      timezone: TZ,
      todayDate: today,
    });
    expect(res.json().today).toBeGreaterThanOrEqual(2);
    expect(Math.abs(Date.parse(res.json().now) - Date.now())).toBeLessThan(60_000);
  });
});

describe('input and access', () => {
  it("refuses missing or malformed dates with 'Mohon pilih tanggal terlebih dahulu'", async () => {
    const cases: [string, string, object][] = [
      ['POST', '/api/tire-check/querry/search', {}],
      ['POST', '/api/tire-check/querry/search', { firstDate: '', lastDate: '2025-01-31' }],
      ['POST', '/api/tire-check/querry/search', { firstDate: '2025-02-30', lastDate: '2025-03-01' }],
      ['POST', '/api/tire-check/querry/search/export', { firstDate: '01/01/2025', lastDate: '2025-01-31' }],
      ['POST', '/api/tire-check/summary', { dateStart: '2025-01-01' }],
      ['POST', '/api/tire-check/summary/export', {}],
      ['POST', '/api/tire-check/querry/record/search', { dateStart: 'kemarin', dateEnd: '2025-01-31' }],
      ['GET', '/api/tire-replacement/record/search?dateStart=2025-01-01', {}],
      ['GET', '/api/tire-check/leader-board?dateStart=2025-01-01', {}],
      ['GET', '/api/tire-check/leader-board/export?dateEnd=2025-01-01', {}],
    ];
    for (const [method, url, payload] of cases) {
      const res = await api(method as 'GET' | 'POST', url, method === 'GET' ? undefined : payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: PICK_DATES_MESSAGE });
    }
  });

  it('refuses a start after the end', async () => {
    const cases: [string, string, object | undefined][] = [
      ['POST', '/api/tire-check/querry/search', { firstDate: '2025-02-01', lastDate: '2025-01-31' }],
      ['POST', '/api/tire-check/summary', { dateStart: '2025-02-01', dateEnd: '2025-01-31' }],
      ['POST', '/api/tire-check/querry/record/search', { dateStart: '2025-02-01', dateEnd: '2025-01-31' }],
      ['GET', '/api/tire-check/leader-board?dateStart=2025-02-01&dateEnd=2025-01-31', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await api(method as 'GET' | 'POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DATE_ORDER_MESSAGE);
    }
  });

  it('refuses page sizes over 100 on the record lists', async () => {
    const res = await api('POST', '/api/tire-check/querry/record/search', {
      dateStart: '2025-01-01',
      dateEnd: '2025-01-31',
      pageSize: 500,
    });
    expect(res.statusCode).toBe(400);
  });

  it('is for the office only: a tire man gets 403, nobody signed in gets 401', async () => {
    const routes: [string, string, object | undefined][] = [
      ['POST', '/api/tire-check/querry/search', { firstDate: '2025-01-01', lastDate: '2025-01-31' }],
      ['POST', '/api/tire-check/querry/search/export', { firstDate: '2025-01-01', lastDate: '2025-01-31' }],
      ['GET', '/api/tire-check/leader-board', undefined],
      ['GET', '/api/tire-check/leader-board/export', undefined],
      ['POST', '/api/tire-check/summary', { dateStart: '2025-01-01', dateEnd: '2025-01-31' }],
      ['POST', '/api/tire-check/summary/export', { dateStart: '2025-01-01', dateEnd: '2025-01-31' }],
      ['POST', '/api/tire-check/absent', { month: '2025-01' }],
      ['POST', '/api/tire-check/absent/export', { month: '2025-01' }],
      ['POST', '/api/tire-check/querry/record/search', { dateStart: '2025-01-01', dateEnd: '2025-01-31' }],
      ['GET', '/api/tire-replacement/record/search?dateStart=2025-01-01&dateEnd=2025-01-31', undefined],
      ['GET', '/api/dashboard/counters', undefined],
    ];
    for (const [method, url, payload] of routes) {
      const m = method as 'GET' | 'POST';
      const asField = await api(m, url, payload, fieldToken);
      expect(asField.statusCode, `${method} ${url}`).toBe(403);
      const anon = await t.app.inject({ method: m, url, payload });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('reply schemas', () => {
  it('answers list and detail replies that parse against their declared schemas', async () => {
    const jan = { dateStart: '2025-01-01', dateEnd: '2025-01-31' };
    const cases: [{ reply: { parse: (v: unknown) => unknown } }, 'GET' | 'POST', string, object?][] = [
      [
        API.getProductivity,
        'POST',
        '/api/tire-check/querry/search',
        { firstDate: '2025-01-01', lastDate: '2025-01-31' },
      ],
      [API.getLeaderboard, 'GET', '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31'],
      [
        API.getLeaderboard,
        'GET',
        '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31&page=1',
      ],
      [API.getCheckSummary, 'POST', '/api/tire-check/summary', jan],
      [API.getUnitAbsence, 'POST', '/api/tire-check/absent', { month: '2025-01' }],
      [API.searchCheckRecords, 'POST', '/api/tire-check/querry/record/search', jan],
      [
        API.searchReplacementRecords,
        'GET',
        '/api/tire-replacement/record/search?dateStart=2025-01-01&dateEnd=2025-01-31',
      ],
      [API.getDashboardCounters, 'GET', '/api/dashboard/counters'],
    ];
    for (const [op, method, url, payload] of cases) {
      const res = await api(method, url, payload);
      expect(res.statusCode, res.body).toBe(200);
      // equal after parsing: nothing beyond the schema (the absence reply is not serialized through it)
      expect(op.reply.parse(res.json()), url).toEqual(res.json());
    }
  });
});

describe('monthly rollup: ranges over several months', () => {
  // Jakarta ranges whose whole local months come from tire_check_monthly, the days of their
  // partial months from tire_check_daily
  const RANGES: [string, string][] = [
    ['2024-12-01', '2025-03-31'],
    ['2024-11-15', '2025-02-10'],
    ['2020-01-01', '2025-12-31'],
    ['2025-01-01', '2025-01-31'],
  ];

  async function expectReportsEqualRecount() {
    const checks = await doneChecks();
    const people = await t.database.db.select().from(users);
    const locs = await t.database.db.select().from(locations);
    const regionOf = new Map(locs.map((l) => [l.id, l.region_id]));
    for (const [start, end] of RANGES) {
      const rows = checks.filter((c) => inDays(c, start, end));
      const prod = (
        await api('POST', '/api/tire-check/querry/search', { firstDate: start, lastDate: end })
      ).json();
      expect(prod.total, `${start}..${end}`).toBe(rows.length);
      expect(prod.approved).toBe(rows.filter((c) => c.status === 'approved').length);
      expect(prod.tire_man).toEqual(
        people
          .filter((u) => u.role === 'tire-man' || rows.some((c) => c.tireman_id === u.id))
          .map((u) => ({
            id: u.id,
            name: u.name,
            total_pengecekan: rows.filter((c) => c.tireman_id === u.id).length,
            total_pengecekan_approved: rows.filter((c) => c.tireman_id === u.id && c.status === 'approved')
              .length,
          }))
          .sort((a, b) => b.total_pengecekan - a.total_pengecekan || a.id - b.id),
      );
      const board = (
        await api('GET', `/api/tire-check/leader-board?dateStart=${start}&dateEnd=${end}`)
      ).json();
      expect(board.map((e: { id: number; highScore: number }) => [e.id, e.highScore])).toEqual(
        people
          .map((u) => [u.id, rows.filter((c) => c.tireman_id === u.id).length] as [number, number])
          .filter(([, n]) => n > 0)
          .sort((a, b) => b[1] - a[1] || a[0] - b[0]),
      );
      const summary = (
        await api('POST', '/api/tire-check/summary', { dateStart: start, dateEnd: end })
      ).json();
      for (const r of summary.data as {
        id: number;
        total: number;
        approved: number;
        awaiting_pic: number;
        awaiting_edp: number;
        awaiting_workshop: number;
      }[]) {
        const mine = rows.filter((c) => regionOf.get(c.location_id) === r.id);
        expect([r.total, r.approved, r.awaiting_pic, r.awaiting_edp, r.awaiting_workshop]).toEqual([
          mine.length,
          mine.filter((c) => c.status === 'approved').length,
          ...(['pic', 'edp', 'workshop'] as const).map(
            (who) => mine.filter((c) => signatureAwaited(c) === who).length,
          ),
        ]);
      }
    }
    // the monthly rollup itself is the GROUP BY of the checks
    const diff = await t.database.db.execute(sql`
      select month, location_id, tireman_id from (
        (select month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop
           from tire_check_monthly where n <> 0
         except all
         select date_trunc('month', performed_at at time zone ${TZ})::date, location_id, tireman_id, count(*)::int,
                (count(*) filter (where status = 'approved'))::int,
                (count(*) filter (where pic_sign = '-'))::int,
                (count(*) filter (where pic_sign <> '-' and edp_sign = '-'))::int,
                (count(*) filter (where pic_sign <> '-' and edp_sign <> '-' and workshop_sign = '-'))::int
           from tire_checks where returned_at is null group by 1, 2, 3)
        union all
        (select date_trunc('month', performed_at at time zone ${TZ})::date, location_id, tireman_id, count(*)::int,
                (count(*) filter (where status = 'approved'))::int,
                (count(*) filter (where pic_sign = '-'))::int,
                (count(*) filter (where pic_sign <> '-' and edp_sign = '-'))::int,
                (count(*) filter (where pic_sign <> '-' and edp_sign <> '-' and workshop_sign = '-'))::int
           from tire_checks where returned_at is null group by 1, 2, 3
         except all
         select month, location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop
           from tire_check_monthly where n <> 0)) x`);
    expect(rowsOf(diff)).toEqual([]);
  }

  it('reads whole months from the monthly rollup and equals a recount of the checks', async () => {
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from tire_check_monthly where n > 0`),
    ) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    await expectReportsEqualRecount();
  });

  it('stays equal to a recount after checks are updated, moved across months, deleted and added', async () => {
    const db = t.database.db;
    const checks = (await allChecks()).sort((a, b) => a.id - b.id);
    const jan = checks.filter((c) => inDays(c, '2025-01-05', '2025-01-25'));
    expect(jan.length).toBeGreaterThan(20);
    // signatures and approval of a check change as it is validated
    for (const c of jan.slice(0, 5)) {
      await db
        .update(tireChecks)
        .set({ pic_sign: 'pic.png', edp_sign: 'edp.png', workshop_sign: '-', status: 'approved' })
        .where(eq(tireChecks.id, c.id));
    }
    // moved to another month, another tire man and another location
    await db
      .update(tireChecks)
      .set({ performed_at: jkt('2024-12-10 09:00') })
      .where(eq(tireChecks.id, jan[5]!.id));
    await db
      .update(tireChecks)
      .set({ performed_at: jkt('2025-03-03 10:00'), tireman_id: ids.tm2, location_id: ids.locations[3]! })
      .where(eq(tireChecks.id, jan[6]!.id));
    // deleted
    await db.delete(tireChecks).where(inArray(tireChecks.id, [jan[7]!.id, jan[8]!.id, jan[9]!.id]));
    // added in a month that had none
    await db.insert(tireChecks).values(
      ['2024-11-20 08:00', '2025-03-15 13:00'].map((at) => ({
        unit_id: ids.units[0]!,
        plate_number: 'P-1',
        tireman_id: ids.tm1,
        location_id: ids.locations[1]!,
        odometer: 1000,
        performed_at: jkt(at),
        created_at: jkt(at),
      })),
    );
    await expectReportsEqualRecount();
  });
});

describe('performed_at: a check counts on the day it was done, not the day it arrived', () => {
  it("puts a check done yesterday and received today in yesterday's Rekam search, Absensi, productivity and daily rollup", async () => {
    const db = t.database.db;
    const today = local(new Date()).date;
    // noon yesterday in Jakarta
    const yesterdayNoon = new Date(jkt(`${today} 12:00`).getTime() - 86_400_000);
    const yesterday = local(yesterdayNoon).date;
    const unit = ids.units.at(-1)!; // L 2000 XY
    const todayBefore = (await api('GET', '/api/tire-check/today')).json().total;
    const [c] = await db
      .insert(tireChecks)
      .values({
        unit_id: unit,
        plate_number: 'LATE',
        tireman_id: ids.tm3,
        location_id: ids.locations[4]!,
        odometer: 1,
        performed_at: yesterdayNoon,
      })
      .returning({ id: tireChecks.id, created_at: tireChecks.created_at });
    try {
      expect(local(c!.created_at).date).toBe(today);
      const search = async (day: string) =>
        (
          await api('POST', '/api/tire-check/querry/record/search', {
            dateStart: day,
            dateEnd: day,
            pageSize: 100,
          })
        ).json();
      const found = (await search(yesterday)).data.find((r: { id: number }) => r.id === c!.id);
      expect(found).toMatchObject({
        date: yesterday,
        time: '12:00',
        createdAt: c!.created_at.toISOString(),
        performed_at: yesterdayNoon.toISOString(),
      });
      expect((await search(today)).data.map((r: { id: number }) => r.id)).not.toContain(c!.id);

      const productivity = async (day: string) =>
        (await api('POST', '/api/tire-check/querry/search', { firstDate: day, lastDate: day }))
          .json()
          .tire_man.find((r: { id: number }) => r.id === ids.tm3).total_pengecekan;
      expect(await productivity(yesterday)).toBe(1);
      expect(await productivity(today)).toBe(0);

      const absent = (
        await api('POST', '/api/tire-check/absent', { month: yesterday.slice(0, 7), q: 'L 2000' })
      ).json();
      const mine = absent.units.find((u: { unit_id: number }) => u.unit_id === unit);
      expect(mine.total).toBe(1);
      expect(mine.days[Number(yesterday.slice(8, 10)) - 1]).toBe('Y');
      expect([...mine.days].filter((d) => d === 'Y')).toHaveLength(1);

      const daily = rowsOf<{ day: string; n: number }>(
        await db.execute(sql`select day::text as day, n from tire_check_daily
          where tireman_id = ${ids.tm3} and location_id = ${ids.locations[4]!} and n <> 0
            and day >= ${today}::date - 7 order by day`),
      );
      expect(daily).toEqual([{ day: yesterday, n: 1 }]);
      // Hari ini does not count it
      expect((await api('GET', '/api/tire-check/today')).json().total).toBe(todayBefore);
    } finally {
      await db.delete(tireChecks).where(eq(tireChecks.id, c!.id));
    }
  });

  it('marks a check received two days after the work as 2 days late in the list replies', async () => {
    const db = t.database.db;
    const [c] = await db
      .insert(tireChecks)
      .values({
        unit_id: ids.units[2]!,
        plate_number: 'LATE2',
        tireman_id: ids.tm3,
        location_id: ids.locations[4]!,
        odometer: 1,
        performed_at: sql`now() - interval '2 days 1 hour'`,
      })
      .returning({ id: tireChecks.id, performed_at: tireChecks.performed_at });
    try {
      const day = local(c!.performed_at).date;
      const record = (
        await api('POST', '/api/tire-check/querry/record/search', {
          dateStart: day,
          dateEnd: day,
          pageSize: 100,
        })
      )
        .json()
        .data.find((r: { id: number }) => r.id === c!.id);
      expect(record.late_days).toBe(2);
      // the EDP queue (Validasi Pengecekan) and the detail carry it too, with both times
      const queue = (await api('GET', '/api/tire-check/noEdpSign?pageSize=100')).json();
      expect(queue.data.find((r: { id: number }) => r.id === c!.id)).toMatchObject({
        late_days: 2,
        performed_at: c!.performed_at.toISOString(),
        date: day,
      });
      const detail = (await api('GET', `/api/tire-check/detail/${c!.id}`)).json();
      expect(detail).toMatchObject({ late_days: 2, performed_at: c!.performed_at.toISOString() });
      expect(Date.parse(detail.createdAt) - Date.parse(detail.performed_at)).toBeGreaterThan(2 * 86_400_000);
    } finally {
      await db.delete(tireChecks).where(eq(tireChecks.id, c!.id));
    }
  });

  it('rebuilds the rollups (report_rollups_rebuild, as migration 0026 does) equal to a recount by performed_at', async () => {
    const db = t.database.db;
    await db.execute(sql`select report_rollups_rebuild()`);
    const diff = async (rollup: string, recount: string) =>
      rowsOf(
        await db.execute(
          sql.raw(`select * from ((${rollup}) except all (${recount})) a
                   union all select * from ((${recount}) except all (${rollup})) b`),
        ),
      );
    const counts = `count(*)::int, (count(*) filter (where status = 'approved'))::int,
      (count(*) filter (where pic_sign = '-'))::int,
      (count(*) filter (where pic_sign <> '-' and edp_sign = '-'))::int,
      (count(*) filter (where pic_sign <> '-' and edp_sign <> '-' and workshop_sign = '-'))::int`;
    const cols = 'location_id, tireman_id, n, approved, awaiting_pic, awaiting_edp, awaiting_workshop';
    expect(
      await diff(
        `select day, ${cols} from tire_check_daily where n <> 0`,
        `select (performed_at at time zone '${TZ}')::date, location_id, tireman_id, ${counts} from tire_checks where returned_at is null group by 1, 2, 3`,
      ),
    ).toEqual([]);
    expect(
      await diff(
        `select month, ${cols} from tire_check_monthly where n <> 0`,
        `select date_trunc('month', performed_at at time zone '${TZ}')::date, location_id, tireman_id, ${counts}
           from tire_checks where returned_at is null group by 1, 2, 3`,
      ),
    ).toEqual([]);
    expect(
      await diff(
        'select month, unit_id, n, days from tire_check_unit_month',
        `select date_trunc('month', performed_at at time zone '${TZ}')::date, unit_id, count(*)::int,
                bit_or(1 << (extract(day from performed_at at time zone '${TZ}')::int - 1))
           from tire_checks where returned_at is null group by 1, 2`,
      ),
    ).toEqual([]);
    // the seeded late checks make the two datings differ
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from tire_checks
        where (performed_at at time zone ${TZ})::date <> (created_at at time zone ${TZ})::date`),
    ) as [{ n: number }];
    expect(n).toBeGreaterThan(10);
  });
});
