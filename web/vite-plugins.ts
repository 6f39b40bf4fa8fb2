import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ProxyOptions } from 'vite';

// Build pieces the two entries of web/ share: the back-office (vite.config.ts) and the field app
// (vite.lapangan.config.ts).

/** In development, the API, uploads and socket.io come from the server (ITMS_API_URL). */
export function apiProxy(): Record<string, ProxyOptions> {
  const target = process.env.ITMS_API_URL ?? 'http://localhost:3000';
  return {
    '/api': { target, changeOrigin: true },
    '/files': { target, changeOrigin: true },
    '/socket.io': { target, changeOrigin: true, ws: true },
  };
}

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text asset of the build: the server
 * sends them as they are (@fastify/static preCompressed), smaller than compressing per request and
 * without the CPU it costs.
 */
export function precompress(): Plugin {
  return {
    name: 'itms-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir!;
      const walk = (d: string): string[] =>
        fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(dir).filter((f) => /\.(js|css|html|svg|json|txt|wasm)$/.test(f))) {
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}
