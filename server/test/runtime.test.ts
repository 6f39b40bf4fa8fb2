import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths';

// npm puts node_modules/.bin first on the PATH of every script, and the registry's `node` package
// puts the pinned binary there: `npm test` and `npm start` run on the pinned LTS, not the machine's.
it('runs on the Node LTS the root package.json pins', () => {
  const root = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, '..', 'package.json'), 'utf8'));
  expect(process.version).toBe(`v${root.dependencies.node}`);
});
