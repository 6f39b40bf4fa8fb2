import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type Db, rowsOf } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { verifyPassword } from '../lib/password';

/**
 * What keeps a production server (NODE_ENV=production) from starting: the demo seed, which would
 * fill an empty database with accounts whose password is printed in the README. Checked before
 * the database is opened.
 */
export function productionConfigProblem(config: Config): string | null {
  if (config.env !== 'production' || !config.demoSeed) return null;
  return (
    'NODE_ENV=production with DEMO_SEED=true (also its value when unset): the demo fleet and its accounts with the ' +
    `published password would be seeded. Set DEMO_SEED=false and create the first admin with ` +
    '`npm run create-admin` (README, Production).'
  );
}

/**
 * Accounts whose password is still the demo password, by email. Every distinct hash is checked
 * once (the seeds give all their accounts one hash), as many at a time as there are cores: scrypt
 * costs 50-100 ms a hash, so a boot pays about that per account divided by the cores.
 */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const groups = rowsOf<{ hash: string; emails: string[] }>(
    await db.execute(sql`
      select password_hash as hash, array_agg(email order by email) as emails
        from users group by password_hash`),
  );
  const found: string[] = [];
  const next = () => groups.pop();
  const worker = async () => {
    for (let g = next(); g; g = next()) {
      if (await verifyPassword(DEMO_PASSWORD, g.hash)) found.push(...g.emails);
    }
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), groups.length) }, worker));
  return found.sort();
}

/** The refusal for a production database that holds demo-password accounts, or null. */
export async function productionDatabaseProblem(config: Config, db: Db): Promise<string | null> {
  if (config.env !== 'production') return null;
  const emails = await accountsWithDemoPassword(db);
  if (!emails.length) return null;
  const shown =
    emails.length > 5 ? `${emails.slice(0, 5).join(', ')} and ${emails.length - 5} more` : emails.join(', ');
  return (
    `NODE_ENV=production and ${emails.length} account(s) still have the published demo password: ${shown}. ` +
    'Change their passwords (Profil saya, or an admin in Akun) on a server not in production mode, or delete them.'
  );
}
