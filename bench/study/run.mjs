// Runs every study-engine benchmark in turn (one heavy process at a time) after one build.
// Results: bench/results/study.json.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStudyEngine } from './build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
buildStudyEngine();
for (const [script, ...args] of [
  ['summary-quality.mjs', 'dev'],
  ['hygiene.mjs'],
  ['ask.mjs'],
  ['event-loop.mjs'],
  ['cost.mjs'],
  ['model-cost.mjs'],
  ['latency.mjs'],
  ['eli12.mjs'],
]) {
  console.log(`\n== ${script} ${args.join(' ')}`);
  execFileSync(process.execPath, [join(here, script), ...args], {
    stdio: 'inherit',
    env: { ...process.env, SKIP_BUILD: '1' },
  });
}
