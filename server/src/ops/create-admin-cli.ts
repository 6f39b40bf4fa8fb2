import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ZRegisterBody } from '@itms/contracts/users';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { registerUser } from '../modules/users/users.service';

/**
 * `npm run create-admin -- --email .. --name .. --phone .. --nik ..`, the password on stdin: the
 * first admin of a production database (DEMO_SEED=false starts empty; the server refuses demo
 * accounts there). Same rules as the Akun form (password policy, unique email and phone), audited
 * without an actor. Reading the password from stdin keeps it out of the shell history and `ps`.
 */
async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      nik: { type: 'string' },
    },
  });
  if (process.stdin.isTTY) process.stderr.write('Password (at least 10 characters), then Enter: ');
  const password = await firstLine();
  const parsed = ZRegisterBody.safeParse({ ...values, password, role: 'admin' });
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const user = await registerUser(database.db, null, parsed.data);
    console.log(`Admin created: ${user.email} (id ${user.id}, ${database.driver})`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(`create-admin failed: ${(err as Error).message}`);
  process.exit(1);
});
