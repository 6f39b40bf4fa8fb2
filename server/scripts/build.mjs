// Bundles the server into dist/server.mjs: production runs plain JavaScript instead of compiling
// TypeScript on every start (tsx holds each module's source and map, about 100 MB more RSS).
// npm packages stay external; the workspace's own contracts (TypeScript) are bundled in.
import { build } from 'esbuild';

// the image decoder's worker thread (src/lib/image-worker.ts) is its own file beside the server
await build({
  entryPoints: { server: 'src/server.ts', 'image-worker': 'src/lib/image-worker.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@itms/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
