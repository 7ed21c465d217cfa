#!/usr/bin/env node
// `npm run bench`: builds once, then runs every bench/<area>/run.mjs in turn. Each prints its table and
// writes bench/results/<area>.json. Pass area names to run only those: `npm run bench -- study ingest`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const benchDir = new URL('.', import.meta.url).pathname;
const root = join(benchDir, '..');
const wanted = process.argv.slice(2);
const areas = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, 'run.mjs')))
  .map((entry) => entry.name)
  .filter((area) => wanted.length === 0 || wanted.includes(area));

if (!existsSync(join(root, '..', 'shared', 'corpus'))) {
  console.error('The benchmarks read ../shared/corpus beside the project; it is not there.');
  process.exit(1);
}
if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const failed = [];
for (const area of areas) {
  console.log(`\n=== bench/${area} ===`);
  const result = spawnSync(process.execPath, [join(benchDir, area, 'run.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(area);
}
console.log(`\nBenchmarks run: ${areas.join(', ')}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
