import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A secret every server process shares (`server_secrets`): the first process to boot writes the one
 * `make` gives, concurrent and later ones keep the row that won and read it back, so what one process
 * signs or encrypts, any other accepts.
 */
export async function sharedSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server_secrets: ${name} missing after insert`);
  return row.value;
}
