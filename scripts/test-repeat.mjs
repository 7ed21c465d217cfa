#!/usr/bin/env node
// The flake guard: runs the backend integration suites several times and names every test that failed at
// least once, with how many runs it failed in. Usage:
//   npm run test:repeat                    3 runs of backend/test/integration
//   npm run test:repeat -- --runs 5        5 runs (or TEST_REPEAT=5)
//   npm run test:repeat -- library jobs    only the suites whose path matches (jest patterns)
// Each run's full output goes to a log file (its path is printed); the summary ends with
// `Tests: N passed, N failed` over all runs. Exit 1 when any test failed in any run.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const backend = join(root, 'backend');
const args = process.argv.slice(2);
let runs = Number(process.env.TEST_REPEAT ?? 3);
const patterns = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i].startsWith('--runs=')) runs = Number(args[i].slice('--runs='.length));
  else patterns.push(args[i]);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs (or TEST_REPEAT) must be a whole number of at least 1');
  process.exit(2);
}

const jest = join(
  createRequire(join(backend, 'package.json'))
    .resolve('jest/package.json')
    .replace(/package\.json$/, ''),
  'bin/jest.js',
);
const reports = mkdtempSync(join(tmpdir(), 'chapterwise-repeat-'));

// The suites that start the real server run the built backend.
if (spawnSync('npm', ['run', 'build', '-w', 'shared', '-w', 'backend'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
}

function runOnce(index) {
  const report = join(reports, `run-${index}.json`);
  const logFile = join(reports, `run-${index}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      '--experimental-vm-modules',
      jest,
      '--json',
      `--outputFile=${report}`,
      ...(patterns.length ? patterns : ['test/integration']),
    ],
    { cwd: backend, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end();
      resolve({ code, report, logFile, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

/** name -> { file, failedRuns, message } over all runs. */
const failures = new Map();
let passed = 0;
let failed = 0;
const slow = new Map();

for (let index = 1; index <= runs; index++) {
  const { code, report, logFile, seconds } = await runOnce(index);
  if (!existsSync(report)) {
    console.log(`run ${index}/${runs}: jest produced no report (exit ${code}); see ${logFile}`);
    failures.set(`(run ${index}) jest itself`, { file: '', failedRuns: 1, message: `exit ${code}` });
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  let runFailed = 0;
  for (const suite of result.testResults) {
    const file = relative(backend, suite.name);
    const failedHere = suite.assertionResults.filter((test) => test.status === 'failed');
    // A suite can fail without a failing test (a hook, an import): count it under the file's name.
    const entries =
      suite.status === 'failed' && failedHere.length === 0
        ? [{ fullName: '(suite failed to run)', failureMessages: [suite.message] }]
        : failedHere;
    for (const test of entries) {
      const key = `${file} › ${test.fullName}`;
      const seen = failures.get(key) ?? { file, failedRuns: 0, message: '' };
      seen.failedRuns += 1;
      seen.message ||= firstLines(test.failureMessages.join('\n'));
      failures.set(key, seen);
      runFailed += 1;
    }
    for (const test of suite.assertionResults) {
      if (test.status === 'passed') passed += 1;
      if ((test.duration ?? 0) > 20_000) slow.set(`${file} › ${test.fullName}`, test.duration);
    }
  }
  failed += runFailed;
  console.log(
    `run ${index}/${runs}: ${result.numPassedTests} passed, ${runFailed} failed, ${result.numPendingTests} skipped in ${seconds} s (log: ${logFile})`,
  );
}

function firstLines(text) {
  return text
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .slice(0, 3)
    .join('\n      ');
}

console.log('');
if (failures.size === 0) console.log(`No test failed in ${runs} run(s).`);
else {
  console.log(`Tests that failed at least once (${failures.size}):`);
  for (const [name, { failedRuns, message }] of [...failures].sort((a, b) => b[1].failedRuns - a[1].failedRuns)) {
    console.log(`  ${name}\n    failed in ${failedRuns} of ${runs} run(s): ${message}`);
  }
}
if (slow.size > 0) {
  console.log(`\nTests over 20 s (keep each under ~20 s):`);
  for (const [name, ms] of slow) console.log(`  ${name}: ${Math.round(ms / 1000)} s`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
