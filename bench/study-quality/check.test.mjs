// CI's quality check of the study kit: runs the bench on the textbooks of the committed baseline
// (bench/baselines/study-quality.json; the hold-out textbook is not among them) and makes one test per book per
// figure, plus the overall figures: each fails when it falls past its margin (figures.mjs). Skips with a notice
// when ../shared/corpus is absent. Needs the built backend (the test command builds it first).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { textbooksDir } from './corpus.mjs';
import { checkedFigures, judge } from './figures.mjs';
import { backendBuilt } from './kit.mjs';
import { defaultBaseline, measure } from './run.mjs';

const baseline = JSON.parse(readFileSync(defaultBaseline, 'utf8'));
const files = Object.keys(baseline.books);
const missing = files.filter((file) => !existsSync(`${textbooksDir}/${file}`));

if (!existsSync(textbooksDir) || missing.length) {
  const reason = existsSync(textbooksDir)
    ? `textbooks missing from ${textbooksDir}: ${missing.join(', ')}`
    : `${textbooksDir} is absent`;
  console.log(`[notice] study-quality check skipped: ${reason}`);
  test('study kit quality against the baseline', { skip: reason }, () => {});
} else {
  assert.ok(backendBuilt(), 'backend/dist is missing: run `npm run build -w backend` first');
  const started = performance.now();
  const result = await measure({ folder: textbooksDir, only: files, exclude: [] }, () => {});
  console.log(
    `[study-quality] ${files.length} textbooks measured in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const scopes = [
    ...result.books.map((book) => ({ name: book.file, before: baseline.books[book.file], now: book.figures })),
    { name: 'overall', before: baseline.overall, now: result.overall },
  ];
  for (const scope of scopes)
    for (const figure of checkedFigures(scope.name).filter((item) => scope.before[item.name] != null))
      test(`${scope.name}: ${figure.name} (baseline ${scope.before[figure.name]}, now ${scope.now[figure.name]})`, () => {
        const reason = judge(figure, scope.before[figure.name], scope.now[figure.name]);
        assert.equal(reason, null, reason ?? '');
      });
}
