// Issue 23: GET handlers never write. The read models with deltas are added up by the server's
// fold loop (READ_MODEL_FOLD_MS); until then every reader adds the pending deltas itself.
import { getTableName, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, expectReadModelsRecounted, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../client';
import { foldPendingDeltas } from './read-models';
import { READ_MODELS } from './registry';

const DELTA_TABLES = READ_MODELS.flatMap((m) => ('fold' in m ? [getTableName(m.fold.deltas)] : []));

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Pending delta rows per delta table. */
async function pending(app: TestApp): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await app.database.db.execute(
      sql.raw(`select ${DELTA_TABLES.map((d) => `(select count(*)::int from ${d}) as ${d}`).join(', ')}`),
    ),
  );
  return row!;
}

/** Stock tires moved between statuses, as the ledger records it: deltas in every model that has them. */
async function makeDeltas(app: TestApp) {
  const db = app.database.db;
  await db.execute(sql`
    with moved as (
      update tires set status = case status when 'UNINSTALLED' then 'SPARE' else 'UNINSTALLED' end
       where id in (select id from tires where status in ('UNINSTALLED', 'SPARE') order by id limit 4)
      returning id, status)
    insert into tire_events (tire_id, kind, from_status, to_status)
    select id, 'status', case status when 'SPARE' then 'UNINSTALLED' else 'SPARE' end, status from moved`);
  await db.execute(sql`
    insert into tire_replacements (unit_id, tireman_id, location_id, odometer)
    select (select min(id) from units), (select id from users where email = ${FX.tireman.email}),
           (select min(id) from locations), 50000`);
}

/** What the office screens that read the models with deltas answer. */
async function screens(app: TestApp, token: string) {
  const get = async (url: string) => {
    const res = await app.app.inject({ method: 'GET', url, headers: { access_token: token } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  return {
    groups: await get('/api/warehouse/groups?pageSize=100'),
    byLocation: await get('/api/warehouse/groups?pageSize=100&status=SPARE'),
    tireSummary: (await get('/api/tire?pageSize=1')).summary,
    stockCard: await get('/api/stock-card?pageSize=100'),
    replacements: (await get('/api/tire-replacement?pageSize=1')).total,
  };
}

describe('read-model deltas', () => {
  it('are read, not folded, by the GET handlers; a fold changes no answer', async () => {
    t = await createTestApp();
    const token = await t.login(FX.staff.email);
    await foldPendingDeltas(t.database.db);
    await makeDeltas(t);
    const before = await pending(t);
    for (const d of DELTA_TABLES) expect(before[d], d).toBeGreaterThan(0);

    const read = await screens(t, token);
    // reading wrote nothing: the deltas are all still there
    expect(await pending(t)).toEqual(before);
    await expectReadModelsRecounted(t.database.db);

    await foldPendingDeltas(t.database.db);
    expect(Object.values(await pending(t))).toEqual(DELTA_TABLES.map(() => 0));
    expect(await screens(t, token)).toEqual(read);
    await expectReadModelsRecounted(t.database.db);
  });

  it('are added up by the server every READ_MODEL_FOLD_MS', async () => {
    t = await createTestApp({ readModelFoldMs: 50 });
    await makeDeltas(t);
    const app = t;
    await expect
      .poll(async () => Object.values(await pending(app)), { timeout: 10_000 })
      .toEqual(DELTA_TABLES.map(() => 0));
    await expectReadModelsRecounted(t.database.db);
  });
});
