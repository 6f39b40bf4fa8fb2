import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_BUILDS, publish } from './publish.mjs';

// Issue 35, item 6: a build published into web/dist while the old process serves keeps the hashed
// files of the builds before it, so a page still on one of them loads its lazy chunks.

const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmp() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-publish-'));
  dirs.push(d);
  return d;
}

/** A build as Vite leaves it in the staging folder. */
function staged(files) {
  const dir = tmp();
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const list = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

const build = (n, extra = {}) => ({
  'index.html': `<script src="/assets/index-${n}.js"></script>`,
  [`assets/index-${n}.js`]: `build ${n}`,
  [`assets/index-${n}.js.br`]: `br ${n}`,
  'assets/react-same.js': 'react',
  'favicon.svg': '<svg/>',
  ...extra,
});

describe('publish: a build moved into the served folder', () => {
  it(`keeps the hashed files of the last ${KEEP_BUILDS} builds and only the newest of every other file`, () => {
    const out = tmp();
    publish(staged(build(1, { 'index.html.br': 'br of index 1' })), out);
    publish(staged(build(2)), out);
    // the page of build 2 names its own script; build 1's is still there for pages open on it
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('index-2.js');
    expect(fs.readFileSync(path.join(out, 'assets/index-1.js'), 'utf8')).toBe('build 1');
    // a compressed copy the new build has not made is gone, not served in place of the new page
    expect(fs.existsSync(path.join(out, 'index.html.br'))).toBe(false);
    publish(staged(build(3)), out);
    publish(staged(build(4)), out);
    expect(list(out)).toEqual(
      [
        '.builds.json',
        'assets/index-2.js',
        'assets/index-2.js.br',
        'assets/index-3.js',
        'assets/index-3.js.br',
        'assets/index-4.js',
        'assets/index-4.js.br',
        'assets/react-same.js',
        'favicon.svg',
        'index.html',
      ].sort(),
    );
    const record = JSON.parse(fs.readFileSync(path.join(out, '.builds.json'), 'utf8'));
    expect(record.builds).toHaveLength(KEEP_BUILDS);
  });

  it("counts the files of a folder built before as the previous build, and leaves the other app's folder alone", () => {
    const out = staged({
      'index.html': 'old',
      'assets/index-0.js': 'old build',
      'lapangan/index.html': 'field app',
      'lapangan/assets/index-f.js': 'field app',
      'lapangan/workbox-1234.js': 'field app',
    });
    publish(staged(build(1)), out, ['lapangan']);
    expect(fs.readFileSync(path.join(out, 'assets/index-0.js'), 'utf8')).toBe('old build');
    expect(fs.readFileSync(path.join(out, 'lapangan/workbox-1234.js'), 'utf8')).toBe('field app');
    publish(staged(build(2)), out, ['lapangan']);
    publish(staged(build(3)), out, ['lapangan']);
    expect(fs.existsSync(path.join(out, 'assets/index-0.js'))).toBe(false);
    expect(list(path.join(out, 'lapangan'))).toEqual(['assets/index-f.js', 'index.html', 'workbox-1234.js']);
  });
});
