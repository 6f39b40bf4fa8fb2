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

const WEB = path.resolve(import.meta.dirname, '..');
/** The builds whose hashed files stay: this one and the two before it. */
export const KEEP_BUILDS = 3;
const RECORD = '.builds.json';
// each app: its Vite config and its folder in the output (the field app inside the office's)
const APPS = {
  office: { config: 'vite.config.ts', dir: '' },
  lapangan: { config: 'vite.lapangan.config.ts', dir: 'lapangan' },
};
// written after everything else, in this order: what names other files, then the service worker
const LAST = ['route-preload.json', 'index.html', 'sw.js'];

/** Files under `dir`, as relative paths with '/', without the folders in `skip`. */
function filesOf(dir, skip = []) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => {
    if (!e.isFile()) return [];
    const rel = path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    return skip.some((s) => rel.startsWith(`${s}/`)) ? [] : [rel];
  });
}

const isHashed = (file) => file.startsWith('assets/');
const lastRank = (file) => LAST.indexOf(file.replace(/\.(br|gz)$/, ''));

/** Moves the build in `from` into `to`, keeping the hashed files of the last KEEP_BUILDS builds. */
export function publish(from, to, skip = []) {
  const files = filesOf(from).sort((a, b) => lastRank(a) - lastRank(b));
  const recordPath = path.join(to, RECORD);
  const builds = fs.existsSync(recordPath)
    ? JSON.parse(fs.readFileSync(recordPath, 'utf8')).builds
    : // a folder built before this script: its hashed files count as the build before
      [{ at: null, assets: filesOf(to, skip).filter(isHashed) }].filter((b) => b.assets.length);
  for (const file of files) {
    const target = path.join(to, file);
    // a hashed name already there holds the same content
    if (isHashed(file) && fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(from, file), target);
  }
  builds.push({ at: new Date().toISOString(), assets: files.filter(isHashed) });
  const kept = builds.slice(-KEEP_BUILDS);
  const keep = new Set([...files, ...kept.flatMap((b) => b.assets)]);
  for (const file of filesOf(to, skip)) {
    if (file !== RECORD && !keep.has(file)) fs.rmSync(path.join(to, file));
  }
  fs.writeFileSync(recordPath, `${JSON.stringify({ builds: kept }, null, 1)}\n`);
}

if (import.meta.main) {
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
}
