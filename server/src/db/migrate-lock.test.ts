import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { openPostgres, rowsOf } from './client';

// Two server processes started together on a new version (README, Production): both migrate the
// same empty database at once. Without the advisory lock one of them failed on a table the other
// had just created.
const onPostgres = inject('dbDriver') === 'postgres';

describe.skipIf(!onPostgres)('migrations from processes started together', () => {
  it('three processes migrating one new database at once all start, and each migration runs once', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `itms_migrate_${process.pid}`;
    const admin = openPostgres(url, 1);
    await admin.pool!.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.pool!.query(`CREATE DATABASE ${name}`);
    const processes = [1, 2, 3].map(() => openPostgres(withDatabase(url, name), 2));
    try {
      const outcomes = await Promise.allSettled(processes.map((p) => p.migrate()));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const applied = rowsOf<{ n: number; distinct_hashes: number }>(
        await processes[0]!.pool!.query(
          'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
        ),
      );
      expect(applied[0]!.n).toBeGreaterThan(0);
      expect(applied[0]!.n).toBe(applied[0]!.distinct_hashes);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });
});
