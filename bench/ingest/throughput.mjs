// Ingestion throughput as a student sees it: the time from the start of `POST /api/books/upload` until
// `GET /api/books/{id}` reports `completed`, per corpus book, against `pdftotext` on the same file in the
// same run (interleaved, best of RUNS each). Runs the built backend in embedded mode.
// Usage: node bench/ingest/throughput.mjs      (RUNS=3; writes `throughput` into bench/results/ingest.json)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newUser, startBackend, uploadFile, waitForBook } from './backend.mjs';
import { median, printTable } from './metrics.mjs';
import { writeResults } from './results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = process.env.CORPUS_DIR ?? join(here, '..', '..', '..', 'shared', 'corpus');
const booksDir = join(corpus, 'books');
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET = 3;
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

if (!existsSync(join(booksDir, 'manifest.json'))) {
  console.error(`[notice] ${booksDir} is absent: nothing to benchmark`);
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(join(booksDir, 'manifest.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'cw-bench-throughput-'));
const loadAtStart = loadavg().map((v) => round(v));

function timedPdftotext(file) {
  const started = performance.now();
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, join(work, 'out.txt')]);
  return performance.now() - started;
}

async function timedIngestion(server, file) {
  const token = await newUser(server.url);
  const started = performance.now();
  const created = await uploadFile(server.url, token, file);
  const book = await waitForBook(server.url, token, created.id);
  const ms = performance.now() - started;
  if (book.status !== 'completed') throw new Error(`${file}: ingestion failed: ${book.error}`);
  return { ms, pages: book.total_pages };
}

const server = await startBackend();
const rows = [];
try {
  // One book first so that the server's own start-up work (compile cache, first queries) is not timed.
  await timedIngestion(server, join(booksDir, manifest[0].file));
  for (const entry of manifest) {
    const file = join(booksDir, entry.file);
    const ours = [];
    const theirs = [];
    let pages = 0;
    for (let run = 0; run < RUNS; run++) {
      theirs.push(timedPdftotext(file));
      const outcome = await timedIngestion(server, file);
      ours.push(outcome.ms);
      pages = outcome.pages;
    }
    const best = Math.min(...ours);
    const reference = Math.min(...theirs);
    rows.push({
      book: entry.file,
      pages,
      upload_to_completed_s: round(best / 1000, 3),
      pdftotext_s: round(reference / 1000, 3),
      ratio: round(best / reference),
      median_run_ratio: round(median(ours) / median(theirs)),
      pages_per_s: round(pages / (best / 1000), 1),
    });
    process.stderr.write(`  ${entry.file}: ${rows.at(-1).upload_to_completed_s} s, ratio ${rows.at(-1).ratio}\n`);
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

const medianRatio = round(median(rows.map((row) => row.ratio)));
printTable(`Upload to completed vs pdftotext (best of ${RUNS}, same run)`, rows);
console.log(`median ratio ${medianRatio} (target ≤ ${TARGET})`);
writeResults({
  throughput: {
    protocol:
      'upload-to-completed: from the start of POST /api/books/upload to the first GET /api/books/{id} (polled every 20 ms) reporting completed, built backend in embedded mode (SQLite, in-process jobs); reference: pdftotext -enc UTF-8 on the same file, interleaved; best of RUNS each',
    machine: {
      cores: availableParallelism(),
      loadavgAtStart: loadAtStart,
      loadavgAtEnd: loadavg().map((v) => round(v)),
    },
    runs: RUNS,
    books: rows,
    median_ratio_vs_pdftotext: medianRatio,
    target_median_ratio: TARGET,
    passed: medianRatio <= TARGET,
  },
});
