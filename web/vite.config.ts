import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ITMS_API_URL ?? 'http://localhost:3000';
const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
      '/socket.io': { target: api, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
      '/socket.io': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
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
