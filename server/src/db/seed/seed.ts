import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../lib/storage';
import type { Db } from '../client';
import { users } from '../schema';
import { seedDemo } from './demo';

/** Seeds the demo fleet on an empty database only; a database with users is never touched. */
export async function seedDemoIfEmpty(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, storage, log);
  return true;
}
