import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { apiProxy, precompress } from './vite-plugins';

/**
 * The pages people open first, by path: their lazy chunks (and the signed-in shell's) are only
 * requested once the entry has run and the router has matched the path, a second and third
 * round trip. The server links them as modulepreload in the index.html it sends for that path.
 */
const FIRST_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/': ['src/app/shell.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};

/** Writes route-preload.json: per path of FIRST_PAGES, the chunks its modules load that the entry does not. */
function routePreload(): Plugin {
  return {
    name: 'itms-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (c: Rollup.OutputChunk) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const f of c.imports) visit(byFile.get(f)!);
        };
        start.forEach(visit);
        return seen;
      };
      const entry = closure(chunks.filter((c) => c.isEntry));
      const preload: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(FIRST_PAGES)) {
        const roots = modules.map((m) => {
          const id = path.resolve(import.meta.dirname, m);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
          return chunk;
        });
        preload[route] = [...closure(roots)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preload.json', source: JSON.stringify(preload) });
    },
  };
}

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), routePreload(), precompress()],
  server: { proxy: apiProxy() },
  preview: { proxy: apiProxy() },
  build: {
    // `npm run build` (scripts/build.mjs) builds into a staging folder and moves the files into
    // dist, keeping the previous builds' hashed files for pages still running them
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // changes least often: its own long-cached chunk
            {
              name: 'react',
              test: nodeModule('react|react-dom|scheduler|react-router|cookie'),
              priority: 30,
            },
            // only the antd parts the first screen needs; screens pull the rest (Table, DatePicker...)
            // into their own lazy chunks
            {
              name: 'antd',
              test: nodeModule(
                'antd|@ant-design|@rc-component|rc-[^\\\\/]+|@emotion|stylis|dayjs|classnames|clsx',
              ),
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
