import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../test/helpers';
import { rowsOf } from '../db/client';
import { foldPendingDeltas } from '../db/read-models/read-models';

let t: TestApp;
let staff: string;
let tireman: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

const total = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { access_token: staff } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};
const count = async (from: string) =>
  Number(
    rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${from}`)))[0]!
      .n,
  );
/** A replacement and a QC check as the field sends them (tronton, the fixture's tire man and location). */
async function fieldDocs() {
  const [ids] = rowsOf<{ unit: number; tm: number; loc: number }>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.tronton}) as unit,
             (select id from users where email = ${FX.tireman.email}) as tm,
             (select id from locations where name = ${FX.location}) as loc`),
  );
  await t.database.db.execute(sql`
    insert into tire_replacements (unit_id, tireman_id, location_id, odometer)
    values (${ids!.unit}, ${ids!.tm}, ${ids!.loc}, 50000)`);
  const qc = await t.app.inject({
    method: 'POST',
    url: '/api/qccheck',
    headers: { access_token: tireman },
    payload: {
      unit_id: ids!.unit,
      location_id: ids!.loc,
      name_qc: 'QC hitung',
      checks: Array.from({ length: 14 }, () => Array.from({ length: 14 }, () => true)),
    },
  });
  expect(qc.statusCode, qc.body).toBe(201);
}

describe('stored row counts of the large lists', () => {
  it('answer the unfiltered totals exactly through inserts, status changes, deletes and a fold', async () => {
    const db = t.database.db;
    const matches = async () => {
      expect(await total('/api/tire-replacement')).toBe(await count('tire_replacements'));
      expect(await total('/api/tire-replacement?status=approved')).toBe(
        await count(`tire_replacements where status = 'approved'`),
      );
      expect(await total('/api/tire-replacement?status=pending')).toBe(
        await count(`tire_replacements where status = 'pending'`),
      );
      expect(await total('/api/qccheck-detailed')).toBe(await count('qc_checks'));
      expect(await total('/api/active-unit')).toBe(
        await count(`active_unit_tires where status = 'INSTALLED'`),
      );
      expect(await total('/api/active-unit?status=UNINSTALLED')).toBe(
        await count(`active_unit_tires where status = 'UNINSTALLED'`),
      );
      expect(await total('/api/active-unit?status=ALL')).toBe(await count('active_unit_tires'));
      expect(await total('/api/tire-check/noEdpSign')).toBe(
        await count(`tire_checks where edp_sign = '-' and returned_at is null`),
      );
    };
    await matches();
    await fieldDocs();
    await fieldDocs();
    expect(await count('tire_replacements')).toBeGreaterThan(1);
    expect(await count('qc_checks')).toBeGreaterThan(1);
    await matches();
    await db.execute(
      sql`update tire_replacements set status = 'approved', edp_sign = 'ttd' where id = (select max(id) from tire_replacements)`,
    );
    await db.execute(
      sql`update active_unit_tires set status = 'UNINSTALLED', tire_id = null where id = (select min(id) from active_unit_tires where status = 'INSTALLED')`,
    );
    await matches();
    // checks entering the EDP queue, signed, returned, sent back, deleted
    await db.execute(sql`
      insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer)
      select unit_id, plate_number, tireman_id, location_id, odometer + 1 from tire_checks
       order by id limit 3`);
    await matches();
    await db.execute(
      sql`update tire_checks set edp_sign = 'ttd' where id = (select max(id) from tire_checks)`,
    );
    await db.execute(
      sql`update tire_checks set returned_at = now() where id = (select max(id) - 1 from tire_checks)`,
    );
    await matches();
    await db.execute(
      sql`update tire_checks set returned_at = null where id = (select max(id) - 1 from tire_checks)`,
    );
    await db.execute(sql`delete from tire_checks where id = (select max(id) - 2 from tire_checks)`);
    await matches();
    // an update that leaves the status as it is records nothing
    const pending = () => count('row_count_deltas');
    const before = await pending();
    await db.execute(sql`update active_unit_tires set km_installed = km_installed + 1`);
    await db.execute(sql`update tire_checks set odometer = odometer + 1`);
    expect(await pending()).toBe(before);

    expect(before).toBeGreaterThan(0);
    await foldPendingDeltas(db);
    expect(await pending()).toBe(0);
    await matches();
    await db.execute(sql`delete from qc_checks where id = (select max(id) from qc_checks)`);
    await db.execute(sql`delete from tire_replacements where id = (select max(id) from tire_replacements)`);
    await matches();
    // a filter beyond the status is counted, not read from the stored counts
    expect(await total('/api/qccheck-detailed?q=zz-no-such-plate')).toBe(0);
  });
});
