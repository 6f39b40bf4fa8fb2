// Issue 24, finding 11: the lockfile holds none of the unmaintained packages exceljs pulled
// (fstream, rimraf 2 and inflight), replaced through the root package.json's overrides.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const UNMAINTAINED = (name: string, version: string) =>
  name === 'fstream' || name === 'inflight' || (name === 'rimraf' && Number(version.split('.')[0]) < 4);

describe.skipIf(inject('dbDriver') === 'postgres')('dependencies (run once, on the PGlite project)', () => {
  it('package-lock.json installs no fstream, inflight or rimraf before 4', () => {
    const lock = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8'),
    ) as { packages: Record<string, { name?: string; version?: string }> };
    const found = Object.entries(lock.packages)
      .filter(([where]) => where.includes('node_modules/'))
      .map(([where, p]) => ({
        name: p.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length),
        version: p.version ?? '',
      }))
      .filter((p) => UNMAINTAINED(p.name, p.version))
      .map((p) => `${p.name}@${p.version}`);
    expect(found).toEqual([]);
  });
});
