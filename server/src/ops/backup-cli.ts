import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createBackup } from './backup';

/**
 * `npm run backup [-- <file.tar.gz>]`: the database of DATA_DIR (embedded; stop the server first,
 * the embedded database has one owner) or of DATABASE_URL (PostgreSQL; online, one snapshot), with
 * the uploaded files, into one archive. Default file: backups/itms-<date>-<time>.tar.gz.
 */
async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const out = path.resolve(process.argv[2] ?? path.join('backups', `itms-${stamp}.tar.gz`));
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const uploadsDir = config.storage.driver === 'local' ? config.storage.localDir : null;
    const meta = await createBackup({ database, uploadsDir, out });
    const rows = meta.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backup written: ${out}\n  ${meta.tables.length} tables, ${rows} rows, ${meta.files} files (${database.driver}, ${Date.now() - started} ms)`,
    );
    if (!uploadsDir)
      console.log('  Uploaded files stay in the S3 bucket: back it up with bucket versioning.');
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Backup failed: ${(err as Error).message}`);
  process.exit(1);
});
