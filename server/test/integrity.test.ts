import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { pgCode } from '../src/lib/errors';
import { createTestApp, FX, type TestApp } from './helpers';

/** The database itself refuses states the product must never hold, whatever the code does. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function violation(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await t.database.db.execute(statement);
    return undefined;
  } catch (err) {
    return pgCode(err);
  }
}

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q))[0]!;

describe('integrity constraints', () => {
  it('a unit position holds at most one tire', async () => {
    const slot = await one<{ unit_id: number; position: string }>(
      sql`select unit_id, position from active_unit_tires limit 1`,
    );
    const stock = await one<{ id: number }>(
      sql`select id from tires where serial_number = ${FX.stockSerial(1)}`,
    );
    expect(
      await violation(
        sql`insert into active_unit_tires (unit_id, position, tire_id) values (${slot.unit_id}, ${slot.position}, ${stock.id})`,
      ),
    ).toBe('23505');
  });

  it('a tire is installed on at most one unit position', async () => {
    const mounted = await one<{ tire_id: number }>(
      sql`select tire_id from active_unit_tires where status = 'INSTALLED' limit 1`,
    );
    const engkel = await one<{ id: number }>(sql`select id from units where plate_number = ${FX.engkel}`);
    expect(
      await violation(
        sql`insert into active_unit_tires (unit_id, position, tire_id) values (${engkel.id}, '12', ${mounted.tire_id})`,
      ),
    ).toBe('23505');
  });

  it('measurements stay within RTD 0-24 mm and PSI 0-200', async () => {
    expect(
      await violation(sql`update tires set groove_1 = 25 where serial_number = ${FX.stockSerial(2)}`),
    ).toBe('23514');
    expect(
      await violation(sql`update tires set groove_3 = -1 where serial_number = ${FX.stockSerial(2)}`),
    ).toBe('23514');
    expect(
      await violation(sql`update tires set pressure = 201 where serial_number = ${FX.stockSerial(2)}`),
    ).toBe('23514');
    expect(
      await violation(
        sql`update tires set groove_1 = 24, pressure = 200 where serial_number = ${FX.stockSerial(2)}`,
      ),
    ).toBe(undefined);
  });

  it('unknown positions, statuses and roles are refused', async () => {
    expect(
      await violation(
        sql`update active_unit_tires set position = '13' where id = (select min(id) from active_unit_tires)`,
      ),
    ).toBe('23514');
    expect(
      await violation(sql`update tires set status = 'HILANG' where serial_number = ${FX.stockSerial(3)}`),
    ).toBe('23514');
    expect(await violation(sql`update users set role = 'root' where email = ${FX.staff.email}`)).toBe(
      '23514',
    );
  });

  it('an approved check carries an EDP signature', async () => {
    const ids = await one<{ unit: number; tm: number; loc: number }>(
      sql`select (select id from units limit 1) as unit, (select id from users where role = 'tire-man' limit 1) as tm, (select id from locations limit 1) as loc`,
    );
    expect(
      await violation(
        sql`insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, status) values (${ids.unit}, 'X', ${ids.tm}, ${ids.loc}, 10, 'approved')`,
      ),
    ).toBe('23514');
    expect(
      await violation(
        sql`insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer) values (${ids.unit}, 'X', ${ids.tm}, ${ids.loc}, -5)`,
      ),
    ).toBe('23514');
  });

  it('a user has at most one active session', async () => {
    const u = await one<{ id: number }>(sql`select id from users where email = ${FX.tireman2.email}`);
    await t.database.db.execute(
      sql`insert into sessions (id, user_id, token_hash) values ('s-1', ${u.id}, 'h-1')`,
    );
    expect(
      await violation(sql`insert into sessions (id, user_id, token_hash) values ('s-2', ${u.id}, 'h-2')`),
    ).toBe('23505');
  });
});
