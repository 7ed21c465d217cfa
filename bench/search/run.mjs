#!/usr/bin/env node
// Smart Search benchmark over a library of every corpus book (~2,400 pages), on the built backend in
// embedded mode (SQLite FTS5), through the real HTTP API:
// 1. index build time per 1,000 pages (pages written with the FTS triggers, and a rebuild of the index alone);
// 2. known-item accuracy: 100 sentences taken from random pages (seeded), searched as typed; a hit when
//    the page they came from is in the top 3 (target >= 95%, full text alone);
// 3. query latency p50/p95 of GET /api/search for those sentences and for 100 short topic queries,
//    against `grep -c -i -F` of the same query over the extracted text in the same run (target p95 <= 50 ms).
// Page text comes from `pdftotext` (one form feed per page) so the index, not extraction, is measured.
// Usage: npm run build -w backend && node bench/search/run.mjs   (BENCH_QUERIES=100, BENCH_SEED=7)
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBackend } from '../ingest/backend.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = join(root, '..', 'shared', 'corpus', 'books');
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const TARGETS = { top3: 0.95, p95Ms: 50 };
const Database = createRequire(join(root, 'backend', 'package.json'))('better-sqlite3');

if (!existsSync(join(corpus, 'manifest.json'))) {
  console.log('bench/search skipped: ../shared/corpus is not there');
  process.exit(0);
}

// Seeded so every run asks the same questions (mulberry32).
let seed = Number(process.env.BENCH_SEED ?? 7);
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (items) => items[Math.floor(random() * items.length)];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const flat = (text) => text.replace(/\s+/g, ' ').trim();

// 1. The library: every book's pages as pdftotext reads them.
const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8'));
const books = manifest.map((entry) => {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(corpus, entry.file), '-'], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString('utf8');
  const pages = text.split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return { id: randomUUID(), title: entry.file.replace(/\.pdf$/, ''), pages, chapters: entry.chapters ?? [] };
});
const totalPages = books.reduce((sum, book) => sum + book.pages.length, 0);
const grepFile = join(root, 'bench', 'results', 'search-corpus.txt');
mkdirSync(dirname(grepFile), { recursive: true });
writeFileSync(grepFile, books.flatMap((book) => book.pages).join('\n'));

const server = await startBackend();
try {
  const email = `bench-search-${Date.now()}@example.com`;
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Student', email, password: 'correct horse battery' }),
  }).then((response) => response.json());
  const token = registered.token;
  const ownerId = registered.user.id;

  // 2. Index build: the pages go in as ingestion writes them (the FTS5 triggers index each row).
  const db = new Database(join(server.dataDir, 'chapterwise.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insertBook = db.prepare(
    `INSERT INTO books (id, owner_id, title, status, progress, total_pages, file_key, file_name, file_sha256, file_size)
     VALUES (?, ?, ?, 'completed', 100, ?, ?, ?, ?, 0)`,
  );
  const insertPage = db.prepare(`INSERT INTO pages (book_id, number, label, text, source) VALUES (?, ?, ?, ?, 'text')`);
  const insertChapter = db.prepare(
    `INSERT INTO chapters (id, book_id, chapter_number, title, start_page, end_page, detection_method)
     VALUES (?, ?, ?, ?, ?, ?, 'outline')`,
  );
  let started = performance.now();
  for (const book of books) {
    db.transaction(() => {
      insertBook.run(
        book.id,
        ownerId,
        book.title,
        book.pages.length,
        `books/${book.id}/book.pdf`,
        `${book.title}.pdf`,
        book.id.replace(/-/g, ''),
      );
      book.pages.forEach((text, index) => insertPage.run(book.id, index + 1, String(index + 1), text));
      book.chapters.forEach((chapter, index) => {
        const end = (book.chapters[index + 1]?.page ?? book.pages.length + 1) - 1;
        insertChapter.run(randomUUID(), book.id, index + 1, chapter.title, chapter.page, Math.max(chapter.page, end));
      });
    })();
  }
  const writeMs = performance.now() - started;
  started = performance.now();
  db.transaction(() => {
    db.prepare(`DELETE FROM page_search`).run();
    db.prepare(`INSERT INTO page_search (rowid, text) SELECT rowid, text FROM pages`).run();
  })();
  const rebuildMs = performance.now() - started;
  db.close();

  // 3. Queries: sentences that occur once in the library (a known item), and short topic queries.
  const allText = books
    .flatMap((book) => book.pages.map(flat))
    .join('\n')
    .toLowerCase();
  const knownItems = [];
  for (let tries = 0; knownItems.length < QUERIES && tries < QUERIES * 200; tries += 1) {
    const book = pick(books);
    const pageIndex = Math.floor(random() * book.pages.length);
    const sentences = flat(book.pages[pageIndex]).match(/[^.!?]+[.!?]+/g) ?? [];
    const sentence = pick(sentences.length ? sentences : [''])?.trim() ?? '';
    const words = sentence.split(' ').length;
    if (words < 6 || words > 60 || sentence.length > 500) continue;
    const lower = sentence.toLowerCase();
    if (allText.indexOf(lower) !== allText.lastIndexOf(lower)) continue;
    knownItems.push({ q: sentence, bookId: book.id, page: pageIndex + 1 });
  }
  const topicQueries = [];
  while (topicQueries.length < QUERIES) {
    const book = pick(books);
    const words = flat(pick(book.pages)).match(/\p{L}{5,}/gu) ?? [];
    if (words.length < 2) continue;
    topicQueries.push({ q: `${pick(words)} ${pick(words)}`.toLowerCase() });
  }

  const search = async (q, limit) => {
    const begin = performance.now();
    const response = await fetch(`${server.url}/api/search?${new URLSearchParams({ q, limit: String(limit) })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`search failed ${response.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - begin, results: body };
  };
  const grep = (q) => {
    const begin = performance.now();
    spawnSync('grep', ['-c', '-i', '-F', '--', q, grepFile]);
    return performance.now() - begin;
  };
  for (const { q } of topicQueries.slice(0, 10)) await search(q, 20); // warm-up

  let hits = 0;
  const misses = [];
  const sentenceMs = [];
  for (const item of knownItems) {
    const { ms, results } = await search(item.q, 3);
    sentenceMs.push(ms);
    if (results.some((result) => result.book_id === item.bookId && result.page === item.page)) hits += 1;
    else misses.push({ q: item.q.slice(0, 90), expected: item.page, got: results.map((result) => result.page) });
  }
  const topicMs = [];
  for (const { q } of topicQueries) topicMs.push((await search(q, 20)).ms);
  const grepMs = [...knownItems, ...topicQueries].map(({ q }) => grep(q));

  const allMs = [...sentenceMs, ...topicMs];
  const result = {
    library: { books: books.length, pages: totalPages },
    index: {
      write_ms_per_1000_pages: round((writeMs / totalPages) * 1000),
      rebuild_ms_per_1000_pages: round((rebuildMs / totalPages) * 1000),
    },
    known_item: { queries: knownItems.length, top3: round(hits / knownItems.length, 3), target: TARGETS.top3, misses },
    latency_ms: {
      sentence_p50: round(percentile(sentenceMs, 50)),
      sentence_p95: round(percentile(sentenceMs, 95)),
      topic_p50: round(percentile(topicMs, 50)),
      topic_p95: round(percentile(topicMs, 95)),
      all_p95: round(percentile(allMs, 95)),
      grep_p95: round(percentile(grepMs, 95)),
      ratio_p95_vs_grep: round(percentile(allMs, 95) / percentile(grepMs, 95), 2),
      target_p95: TARGETS.p95Ms,
    },
  };
  console.log(`\nSmart Search over ${books.length} books, ${totalPages} pages (embedded: SQLite FTS5)\n`);
  console.table({
    'index: write pages (ms / 1,000 pages)': result.index.write_ms_per_1000_pages,
    'index: rebuild FTS only (ms / 1,000 pages)': result.index.rebuild_ms_per_1000_pages,
    [`known-item top-3 (${knownItems.length} sentences; target >= 95%)`]: `${round((hits / knownItems.length) * 100)}%`,
    'latency p50 / p95, sentences (ms)': `${result.latency_ms.sentence_p50} / ${result.latency_ms.sentence_p95}`,
    'latency p50 / p95, topic queries (ms)': `${result.latency_ms.topic_p50} / ${result.latency_ms.topic_p95}`,
    'latency p95, all (ms; target <= 50)': result.latency_ms.all_p95,
    'grep -c p95, same queries (ms)': result.latency_ms.grep_p95,
    'p95 ratio search / grep': result.latency_ms.ratio_p95_vs_grep,
  });
  if (misses.length) console.log('misses:', misses.slice(0, 10));
  writeFileSync(join(root, 'bench', 'results', 'search.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('written bench/results/search.json');
} finally {
  await server.stop();
}
