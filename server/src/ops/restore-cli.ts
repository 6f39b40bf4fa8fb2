import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { restoreBackup } from './backup';

/**
 * `npm run restore -- <file.tar.gz>`: into an empty DATA_DIR (embedded) or an empty DATABASE_URL
 * database: creates the tables (migrations), loads every row and the uploaded files. Refuses a
 * database that already holds data.
 */
async function main() {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) {
    console.error('Usage: npm run restore -- <backup.tar.gz>   (into an empty DATA_DIR or DATABASE_URL)');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    await database.migrate();
    const uploadsDir = config.storage.driver === 'local' ? config.storage.localDir : null;
    const meta = await restoreBackup({ database, uploadsDir, file: path.resolve(file) });
    const rows = meta.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restored ${path.resolve(file)} (made ${meta.createdAt})\n  ${meta.tables.length} tables, ${rows} rows, ${uploadsDir ? meta.files : 0} files into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir} (${Date.now() - started} ms)`,
    );
    if (meta.rebuiltReadModels.length) {
      console.log(`  read models rebuilt from the restored tables: ${meta.rebuiltReadModels.join(', ')}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Restore failed: ${(err as Error).message}`);
  process.exit(1);
});
