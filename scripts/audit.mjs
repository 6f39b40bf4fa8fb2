// `npm run audit [-- --omit=dev] [-- --registry=<url>]`: the lockfile's packages checked against
// the advisories the registry publishes, the request `npm audit` makes (POST
// /-/npm/v1/security/advisories/bulk with { name: [versions] }). Prints the advisories that match
// an installed version, by severity; exits 1 on high or critical, 2 when the service does not answer.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import semver from 'semver';

const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];
const FAILING = new Set(['critical', 'high']);

const { values } = parseArgs({
  options: {
    omit: { type: 'string', multiple: true, default: [] },
    registry: { type: 'string', default: process.env.npm_config_registry || 'https://registry.npmjs.org/' },
  },
});
const omitDev = values.omit.includes('dev');

/** name -> the versions the lockfile installs (npm 7+ lockfile: `packages` keyed by path). */
function installed(lock) {
  const byName = new Map();
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    // the root and the workspaces are ours; links point at them
    if (!where.includes('node_modules/') || entry.link || !entry.version) continue;
    if (omitDev && entry.dev) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!byName.has(name)) byName.set(name, new Set());
    byName.get(name).add(entry.version);
  }
  return new Map([...byName].sort(([a], [b]) => a.localeCompare(b)).map(([n, v]) => [n, [...v].sort()]));
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const packages = installed(lock);
const url = new URL('-/npm/v1/security/advisories/bulk', values.registry.replace(/\/?$/, '/'));
let res;
try {
  res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(Object.fromEntries(packages)),
    signal: AbortSignal.timeout(60_000),
  });
} catch (err) {
  fail(`The advisory service did not answer: POST ${url} failed (${err.cause?.code ?? err.message}).`);
}
if (!res.ok) {
  fail(
    `The advisory service did not answer: POST ${url} -> ${res.status} ${res.statusText}. ` +
      'A registry mirror or proxy without the audit endpoint answers this way; run `npm run audit` ' +
      'where the registry answers it, or name one that does: npm run audit -- --registry=<url>',
  );
}
const advisories = await res.json();

const found = [];
for (const [name, list] of Object.entries(advisories)) {
  for (const a of list) {
    const hit = (packages.get(name) ?? []).filter((v) =>
      semver.satisfies(v, a.vulnerable_versions, { includePrerelease: true }),
    );
    if (hit.length) found.push({ name, versions: hit, ...a });
  }
}
found.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));

const total = [...packages.values()].reduce((n, v) => n + v.length, 0);
console.log(`${total} package versions${omitDev ? ' (without dev)' : ''} checked against ${url.origin}`);
for (const a of found) {
  console.log(
    `${a.severity.padEnd(8)} ${a.name}@${a.versions.join(', ')}: ${a.title} (vulnerable ${a.vulnerable_versions}) ${a.url}`,
  );
}
const counts = SEVERITIES.map((s) => `${found.filter((a) => a.severity === s).length} ${s}`);
console.log(found.length ? counts.join(', ') : 'no known advisories');
process.exit(found.some((a) => FAILING.has(a.severity)) ? 1 : 0);
