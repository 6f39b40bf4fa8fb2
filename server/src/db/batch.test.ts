import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import { auditInsert } from '../lib/audit';
import { type Database, executeTogether, pgArray, rowsOf } from './client';

describe('pgArray and executeTogether', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const auditCount = async (action: string) =>
    Number(
      rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`),
      )[0]!.n,
    );

  it('passes a whole array as one parameter, quotes and nulls included', async () => {
    const texts = ['plain', 'with "quotes"', 'back\\slash', 'a,b {c}', '', 'NULL', null];
    const [row] = rowsOf<{ t: (string | null)[]; n: number[]; len: number }>(
      await database.db.execute(
        sql`select ${pgArray(texts)}::text[] as t, ${pgArray([1, 2.5, -3])}::real[] as n,
          cardinality(${pgArray(texts)}::text[]) as len`,
      ),
    );
    expect(row!.t).toEqual(texts);
    expect(row!.n).toEqual([1, 2.5, -3]);
    expect(Number(row!.len)).toBe(7);
  });

  it('runs several writes in one statement, all or nothing', async () => {
    const write = (action: string) => auditInsert(database.db, { userId: null, action, entity: 'test' });
    await executeTogether(database.db, [write('together-a'), write('together-b'), write('together-b')]);
    expect([await auditCount('together-a'), await auditCount('together-b')]).toEqual([1, 2]);

    // the third write fails (action is NOT NULL): the first two are not kept either
    await expect(
      executeTogether(database.db, [
        write('together-c'),
        write('together-c'),
        sql`insert into audit_log (action, entity) values (null, 'test')`,
      ]),
    ).rejects.toThrow();
    expect(await auditCount('together-c')).toBe(0);
  });
});
