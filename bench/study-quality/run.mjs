#!/usr/bin/env node
// Study-kit quality bench (issue #43 item 3): runs the ingestion and the whole offline study kit on every PDF of a
// folder and prints, per book and overall, chapter F1, notes hygiene and debris, topics against the index, cards,
// quiz, ELI12 and time, with JSON out. See bench/study-quality/README.md.
//
//   node bench/study-quality/run.mjs [FOLDER] [--only FILE]... [--exclude FILE]... [--manifest FILE]
//        [--json FILE] [--show] [--check [BASELINE]] [--write-baseline [BASELINE]]
//
// FOLDER defaults to ../shared/corpus/textbooks. The hold-out textbook is skipped unless --only names it.
// Needs the built backend (npm run build -w backend).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { booksOf, textbooksDir } from './corpus.mjs';
import { backendBuilt, loadKit } from './kit.mjs';
import { compareWithBaseline, FIGURES } from './figures.mjs';
import { countsOf, figuresOf, sumCounts } from './measures.mjs';
import { ELI12_TOPICS_PER_CHAPTER, runKit } from './run-kit.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const defaultBaseline = join(root, 'bench', 'baselines', 'study-quality.json');

export function parseArgs(argv) {
  const options = {
    folder: textbooksDir,
    only: [],
    exclude: [],
    json: join(root, 'bench', 'results', 'study-quality.json'),
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    const optional = (fallback) => (argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : fallback);
    if (arg === '--only') options.only.push(value());
    else if (arg === '--exclude') options.exclude.push(value());
    else if (arg === '--manifest') options.manifest = value();
    else if (arg === '--json') options.json = value();
    else if (arg === '--show') options.show = true;
    else if (arg === '--quiet') options.quiet = true;
    else if (arg === '--check') options.check = optional(defaultBaseline);
    else if (arg === '--write-baseline') options.writeBaseline = optional(defaultBaseline);
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.folder = arg;
  }
  return options;
}

/** Runs the bench; resolves with { books: [{ file, figures, counts }], overall } or null when there is nothing to run. */
export async function measure(options, log = console.log) {
  const books = booksOf(options.folder, {
    only: options.only,
    exclude: options.exclude,
    ...(options.manifest ? { manifestFile: options.manifest } : {}),
  });
  if (books.length === 0) return null;
  const kit = await loadKit();
  const engine = kit.createEngine();
  const results = [];
  for (const book of books) {
    const run = await runKit(kit, engine, book.path);
    const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', book.path, '-'], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    }).split('\f');
    const { samples, ...counts } = countsOf(kit, run, book.truth, raw);
    const figures = figuresOf(counts);
    results.push({
      file: book.file,
      pages: run.book.pageCount,
      chapters: run.book.chapters.length,
      figures,
      counts,
      samples,
      opMs: run.timings.opMs,
    });
    if (!options.quiet)
      log(
        `${book.file}: ${run.book.pageCount} pages, ${run.book.chapters.length} chapters, ${Math.round(run.timings.ingestionMs + run.timings.kitMs)} ms`,
      );
  }
  const overall = figuresOf(sumCounts(results.map((result) => result.counts)));
  return { books: results, overall };
}

const shortName = (file) =>
  file
    .replace(/\.pdf$/, '')
    .split('-')
    .slice(0, 2)
    .join('-');

export function printFigures(result, log = console.log) {
  const columns = ['figure', ...result.books.map((book) => shortName(book.file)), 'all', 'target'];
  const rows = FIGURES.map((figure) => ({
    figure: figure.name,
    ...Object.fromEntries(result.books.map((book) => [shortName(book.file), format(book.figures[figure.name])])),
    all: format(result.overall[figure.name]),
    target: figure.target ?? '',
  }));
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => String(cell).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  log(line(columns));
  log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) log(line(columns.map((column) => row[column] ?? '')));
}

const format = (value) => (value === null || value === undefined ? '-' : String(value));

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(options.folder)) {
    console.log(`[notice] ${options.folder} is not there: nothing to measure (the corpus lives in ../shared/corpus).`);
    return 0;
  }
  if (!backendBuilt()) {
    console.error('backend/dist is missing: run `npm run build -w backend` first');
    return 1;
  }
  const started = performance.now();
  const result = await measure(options);
  if (!result) {
    console.log(`[notice] no PDF to run in ${options.folder}`);
    return 0;
  }
  console.log(
    `\nStudy kit quality on ${result.books.length} book(s) from ${relative(root, options.folder) || '.'} ` +
      `(offline engine; ELI12 for the first ${ELI12_TOPICS_PER_CHAPTER} topics of each chapter; ` +
      `${cpus().length} cores, load ${loadavg()[0].toFixed(1)})\n`,
  );
  printFigures(result);
  if (options.show)
    for (const book of result.books) {
      console.log(`\n### ${book.file}`);
      for (const [kind, list] of Object.entries(book.samples)) {
        console.log(`- ${kind}:`);
        for (const text of list) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 220)}`);
      }
    }
  const output = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    loadAverage: +loadavg()[0].toFixed(1),
    folder: relative(root, options.folder),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    books: Object.fromEntries(
      result.books.map((book) => [book.file, { ...book.figures, pages: book.pages, chapters: book.chapters }]),
    ),
    // Where the kit's time goes (ms per engine method over the run), for reading: not checked.
    engineMs: Object.fromEntries(
      result.books.map((book) => [
        book.file,
        Object.fromEntries(Object.entries(book.opMs).map(([op, ms]) => [op, Math.round(ms)])),
      ]),
    ),
    overall: result.overall,
    samples: Object.fromEntries(result.books.map((book) => [book.file, book.samples])),
  };
  mkdirSync(dirname(options.json), { recursive: true });
  writeFileSync(options.json, JSON.stringify(output, null, 2) + '\n');
  console.log(`\nJSON: ${relative(root, options.json)} (${output.seconds} s in all)`);
  if (options.writeBaseline) {
    const baseline = { ...output };
    delete baseline.samples; // examples to read, not figures
    delete baseline.seconds;
    mkdirSync(dirname(options.writeBaseline), { recursive: true });
    writeFileSync(options.writeBaseline, JSON.stringify(baseline, null, 2) + '\n');
    console.log(`Baseline written: ${relative(root, options.writeBaseline)}`);
  }
  if (options.check) {
    const baseline = JSON.parse(readFileSync(options.check, 'utf8'));
    const { failures, compared } = compareWithBaseline(baseline, output);
    console.log(
      `\nCheck against ${relative(root, options.check)}: ${compared} figures compared, ${failures.length} fell past their margin`,
    );
    for (const failure of failures) console.log(`FAIL ${failure.message}`);
    return failures.length ? 1 : 0;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
