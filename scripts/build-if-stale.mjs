#!/usr/bin/env node
// `npm start` builds once after install or a change, so the first start needs no extra command.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outputs = ['shared/dist/index.js', 'backend/dist/main.js', 'dashboard/dist/index.html'].map((file) =>
  join(root, file),
);

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const sourcesAt = Math.max(
  ...['shared/src', 'backend/src', 'dashboard/src'].map((dir) =>
    existsSync(join(root, dir)) ? newest(join(root, dir)) : 0,
  ),
);
if (builtAt > sourcesAt) process.exit(0);
console.log('Building ChapterWise (first start or sources changed)...');
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
