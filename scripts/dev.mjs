// `npm run dev`: the API with reload (tsx watch) on PORT (3000) and Vite's dev server on 5173,
// which proxies /api, /files and /socket.io to the API.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/server.ts'], { stdio: 'inherit', env: process.env }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ITMS_API_URL: `http://localhost:${process.env.PORT ?? 3000}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) {
  c.on('exit', (code) => {
    if (!code) return;
    stop();
    process.exit(code);
  });
}
