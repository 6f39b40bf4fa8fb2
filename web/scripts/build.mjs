// `npm run build -w web`: the back-office and ITMS Lapangan, built by Vite into a staging folder
// beside web/dist, then moved into web/dist without taking away what running pages still load.
//
// An update builds while the old server process still serves (README, Production / Updates), and
// behind nginx an old and a new process serve side by side: a page of the previous build asks
// for its lazy chunks after the new one is on disk, and a page of the new build may ask the old
// process for its files. So:
// - the hashed files (assets/) of the last KEEP_BUILDS builds stay; older ones are deleted;
// - files move in by rename (a reader gets the old file or the new one, never half of one), the
//   hashed ones first, then the files that name them (index.html, route-preload.json) and the
//   service worker last: nothing names a file that is not there yet;
// - a build that fails publishes nothing.
// Each app's folder keeps a record of its builds' hashed files in .builds.json (never served).
//
//   node scripts/build.mjs [--out <dir>] [--app office|lapangan ...]
// --out: another folder than web/dist (the update test builds into its own); --app: one app only.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { publish } from './publish.mjs';

const WEB = path.resolve(import.meta.dirname, '..');
// each app: its Vite config and its folder in the output (the field app inside the office's)
const APPS = {
  office: { config: 'vite.config.ts', dir: '' },
  lapangan: { config: 'vite.lapangan.config.ts', dir: 'lapangan' },
};
const { values } = parseArgs({
  options: { out: { type: 'string' }, app: { type: 'string', multiple: true } },
});
const out = path.resolve(values.out ?? path.join(WEB, 'dist'));
const names = values.app ?? Object.keys(APPS);
for (const name of names) if (!APPS[name]) throw new Error(`unknown app ${name}`);
// beside the output: same file system, so the files move in by rename
const staging = `${out}.next`;
fs.rmSync(staging, { recursive: true, force: true });
for (const name of names) {
  await build({
    configFile: path.join(WEB, APPS[name].config),
    build: { outDir: path.join(staging, name), emptyOutDir: true },
  });
}
for (const name of names) {
  const others = Object.values(APPS)
    .map((a) => a.dir)
    .filter((d) => d && d !== APPS[name].dir);
  publish(path.join(staging, name), path.join(out, APPS[name].dir), others);
}
fs.rmSync(staging, { recursive: true, force: true });
