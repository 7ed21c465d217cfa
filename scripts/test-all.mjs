#!/usr/bin/env node
// The README's test command: builds what the tests start, runs every workspace's suite with a JSON
// report, and ends with one line `Tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'chapterwise-tests-'));
const only = process.argv.slice(2);

const suites = [
  { name: 'shared', kind: 'vitest', cwd: 'shared' },
  { name: 'backend', kind: 'jest', cwd: 'backend' },
  { name: 'dashboard', kind: 'vitest', cwd: 'dashboard' },
  { name: 'extension', kind: 'vitest', cwd: 'extension' },
  { name: 'dashboard-e2e', kind: 'vitest', cwd: 'dashboard', config: 'vitest.e2e.config.ts' },
  { name: 'extension-e2e', kind: 'vitest', cwd: 'extension', config: 'vitest.e2e.config.ts' },
  // The study kit's quality bench: its own unit tests, then the check of the textbooks in ../shared against the
  // committed baseline (one test per book per figure; skipped with a notice when ../shared/corpus is absent).
  {
    name: 'study-quality',
    kind: 'node',
    cwd: '.',
    files: ['bench/study-quality/measures.test.mjs', 'bench/study-quality/check.test.mjs'],
  },
].filter((suite) => only.length === 0 || only.includes(suite.name));

// Each workspace may have its own copy of a runner (npm does not always hoist it to the root).
function runnerOf(cwd, pkg, file) {
  const require = createRequire(join(cwd, 'package.json'));
  return join(require.resolve(`${pkg}/package.json`).replace(/package\.json$/, ''), file);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

// The backend e2e and dashboard e2e suites start the built app.
if (run('npm', ['run', 'build']) !== 0) {
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
}

let passed = 0;
let failed = 0;
let skipped = 0;
// The names of the failed tests, printed again just above the last line (CI keeps only the tail of the output).
const failures = [];
for (const suite of suites) {
  const cwd = join(root, suite.cwd);
  if (suite.config && !existsSync(join(cwd, suite.config))) continue;
  const report = join(reports, `${suite.name}.json`);
  console.log(`\n=== ${suite.name} ===`);
  if (suite.kind === 'node') {
    const tap = join(reports, `${suite.name}.tap`);
    const status = run(
      process.execPath,
      [
        '--test',
        '--test-concurrency=1',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...suite.files,
      ],
      { cwd },
    );
    const summary = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(summary)?.[1] ?? 0);
    if (!summary) {
      console.log(`${suite.name}: the runner produced no report (exit ${status})`);
      failed += 1;
      continue;
    }
    for (const match of summary.matchAll(/^\s*not ok \d+ - (.+)$/gm)) failures.push(`${suite.name}: ${match[1]}`);
    passed += count('pass');
    failed += count('fail') + count('cancelled') + (status !== 0 && count('fail') === 0 ? 1 : 0);
    skipped += count('skipped') + count('todo');
    continue;
  }
  const status =
    suite.kind === 'jest'
      ? run(
          process.execPath,
          ['--experimental-vm-modules', runnerOf(cwd, 'jest', 'bin/jest.js'), '--json', `--outputFile=${report}`],
          { cwd },
        )
      : run(
          process.execPath,
          [
            runnerOf(cwd, 'vitest', 'vitest.mjs'),
            'run',
            ...(suite.config ? ['--config', suite.config] : []),
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${report}`,
          ],
          { cwd },
        );
  if (!existsSync(report)) {
    console.log(`${suite.name}: the runner produced no report (exit ${status})`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of result.testResults ?? []) {
    const where = file.name ? file.name.replace(`${cwd}/`, '') : suite.name;
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${suite.name}: ${where} > ${test.fullName ?? test.title}`);
    }
    // A file that failed before any test ran (an import error, a hook) has no failed test to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(
        `${suite.name}: ${where} (${String(file.message ?? 'failed')
          .split('\n')[0]
          .slice(0, 200)})`,
      );
    }
  }
  if (status !== 0 && result.numFailedTests === 0) failures.push(`${suite.name}: the runner exited ${status}`);
  passed += result.numPassedTests;
  failed += result.numFailedTests + (status !== 0 && result.numFailedTests === 0 ? 1 : 0);
  skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  - ${name}`).join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
