import { describe, expect, it } from 'vitest';
import { isBuildFile } from './precache-guard';

const at = (file: string) => `https://itms.example.com/lapangan/${file}?__WB_REVISION__=abc`;

describe('isBuildFile: what the service worker agrees to precache', () => {
  it('takes each build file served with its own type', () => {
    for (const [file, type] of [
      ['assets/index-Ab12Cd34.js', 'application/javascript; charset=utf-8'],
      ['assets/index-Ab12Cd34.js', 'text/javascript'],
      ['assets/index-Ab12Cd34.css', 'text/css; charset=utf-8'],
      ['index.html', 'text/html; charset=utf-8'],
      ['assets/zxing_reader-Ab12Cd34.wasm', 'application/wasm'],
      ['manifest.webmanifest', 'application/manifest+json'],
      ['icon-192.png', 'image/png'],
      ['boot.js', 'application/javascript; charset=utf-8'],
    ] as const) {
      expect(isBuildFile(at(file), 200, type), file).toBe(true);
    }
  });

  it("refuses the SPA's HTML, an error or nothing in a file's place", () => {
    expect(isBuildFile(at('assets/index-Ab12Cd34.js'), 200, 'text/html; charset=utf-8')).toBe(false);
    expect(isBuildFile(at('assets/index-Ab12Cd34.css'), 200, 'text/html')).toBe(false);
    expect(isBuildFile(at('assets/zxing_reader-Ab12Cd34.wasm'), 200, 'text/html')).toBe(false);
    expect(isBuildFile(at('icon-192.png'), 200, 'TEXT/HTML')).toBe(false);
    expect(isBuildFile(at('assets/index-Ab12Cd34.js'), 200, null)).toBe(false);
    expect(isBuildFile(at('assets/index-Ab12Cd34.js'), 404, 'application/javascript')).toBe(false);
    expect(isBuildFile(at('assets/index-Ab12Cd34.js'), 503, 'application/javascript')).toBe(false);
    expect(isBuildFile(at('index.html'), 200, 'application/json')).toBe(false);
    // a file of a kind not listed: anything but HTML
    expect(isBuildFile(at('assets/font-Ab12Cd34.woff2'), 200, 'font/woff2')).toBe(true);
    expect(isBuildFile(at('assets/font-Ab12Cd34.woff2'), 200, 'text/html')).toBe(false);
  });
});
