// Moves a build from its staging folder into the folder the server reads (web/scripts/build.mjs),
// keeping the hashed files of the builds before it.
import fs from 'node:fs';
import path from 'node:path';

/** The builds whose hashed files stay: this one and the two before it. */
export const KEEP_BUILDS = 3;
const RECORD = '.builds.json';
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
