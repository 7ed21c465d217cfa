#!/usr/bin/env node
// `npm run dev`: the API on :3000 (rebuilt on start) and Vite on :5173 with /api proxied to it.
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
for (const workspace of ['shared', 'backend']) {
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const children = [
  spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SERVE_DASHBOARD: 'false' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'dashboard'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
