// Chapter detection F1 on both corpora: the existing books (../shared/corpus/books) and the technical manuals
// (../shared/corpus/technical, PDFs in ../shared-corpus-technical), each with its outline and with the outline
// stripped (qpdf --empty --pages in.pdf 1-z -- out.pdf, copies in a temp folder). Four technical manuals are held
// out: they were chosen before anyone looked at them (the four smallest sha256 of the file name) and no rule was
// tuned on them; their figures are reported apart, as the best guess of how detection does on books nobody saw.
// What detection is given (layout pages, outline, metadata title) is cached per file (DETECTION_CACHE, default a
// folder in the temp dir) so that detection alone can be re-run in seconds: `node bench/ingest/detection.mjs`.
// Needs the compiled backend (`npm run build -w backend`). Options: ONLY=<substring of a file name>, VERBOSE=1.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { boundaryF1, mean, printTable } from './metrics.mjs';
import { writeResults } from './results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const dist = join(root, 'backend', 'dist');
const corpus = process.env.CORPUS_DIR ?? join(root, '..', 'shared', 'corpus');
const technicalPdfs = process.env.TECHNICAL_DIR ?? join(root, '..', 'shared-corpus-technical');
const cacheDir = process.env.DETECTION_CACHE ?? join(tmpdir(), 'cw-detection-cache');
const only = process.env.ONLY ?? '';
const verbose = Boolean(process.env.VERBOSE);
mkdirSync(cacheDir, { recursive: true });

/** Held out of tuning: the four technical manuals whose file names hash lowest (sha256), fixed before any was read. */
export const HELD_OUT = [
  'ruby-prawn-doc__manual.pdf',
  'nut-doc__user-manual.pdf',
  'debian-policy__policy.pdf',
  'xfig-doc__xfig_ref_en.pdf',
];

if (!existsSync(join(dist, 'modules', 'ingestion', 'extraction', 'book-extraction.js'))) {
  console.error('backend/dist is missing: run `npm run build -w backend` first');
  process.exit(1);
}
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { extractBook } = await load('modules/ingestion/extraction/book-extraction.js');
const { detectChapters } = await load('modules/ingestion/detection/detect-chapters.js');
const { titleSimilarity } = await load('modules/ingestion/detection/title-match.js');
const { isJunkTitle, titleFromTitlePage } = await load('modules/ingestion/detection/book-title.js');
/** The metadata title as pdfinfo reads it ('' when there is none: the outline-stripped copies carry no Info). */
function metadataTitle(file) {
  const info = execFileSync('pdfinfo', ['-enc', 'UTF-8', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return /^Title:[ \t]*(.*)$/m.exec(info)?.[1]?.trim() ?? '';
}
/**
 * As the extraction names the book: meaningful metadata, else the title page. The cached title is the one the
 * extraction chose when the cache was built, so the title page is read again with the current rule.
 */
const bookTitleOf = (input, file) => {
  const metadata = metadataTitle(file);
  return metadata && !isJunkTitle(metadata) ? metadata : titleFromTitlePage(input.pages);
};
const round = (value) => Math.round(value * 1000) / 1000;

const limits = {
  maxPages: 5000,
  maxOcrPages: 1000,
  ocrDpi: 300,
  maxPixelsPerPage: 40_000_000,
  ocrEngine: 'auto',
  ocrConcurrency: 2,
  readerThreads: 1,
  textLayer: 'auto',
  textLayerTimeoutMs: 120_000,
  textLayerMemoryMb: 768,
  ocrPageTimeoutMs: 60_000,
  selfDestructMs: 1_800_000,
};

/** What detection sees for this file, read once and cached by content hash. */
async function detectionInput(file) {
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  const cached = join(cacheDir, `${hash}.json`);
  if (existsSync(cached)) {
    const input = JSON.parse(readFileSync(cached, 'utf8'));
    return { ...input, bookTitle: bookTitleOf(input, file) };
  }
  let input = null;
  await extractBook(file, limits, { onProgress: () => {}, onDetectionInput: (seen) => (input = seen) });
  writeFileSync(cached, JSON.stringify(input));
  return { ...input, bookTitle: bookTitleOf(input, file) };
}

const books = [];
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : []);
for (const entry of read(join(corpus, 'books', 'manifest.json'))) {
  books.push({ set: 'books', file: join(corpus, 'books', entry.file), entry });
}
for (const entry of read(join(corpus, 'technical', 'manifest.json'))) {
  const file = join(technicalPdfs, entry.file);
  if (!existsSync(file)) continue;
  books.push({ set: HELD_OUT.includes(entry.file) ? 'technical held-out' : 'technical dev', file, entry });
}
if (books.length === 0) {
  console.error(`[notice] no corpus under ${corpus}: nothing to measure`);
  process.exit(0);
}

const rows = [];
const titles = [];
for (const book of books) {
  if (only && !book.entry.file.includes(only)) continue;
  const original = await detectionInput(book.file);
  const variants = [{ outline: book.entry.has_outline, input: original }];
  if (book.entry.has_outline) {
    const copy = join(cacheDir, `stripped-${book.entry.file}`);
    if (!existsSync(copy))
      execFileSync('qpdf', ['--empty', '--pages', book.file, '1-z', '--', copy], { stdio: 'ignore' });
    // Stripping drops the metadata title too; the title page is still there for the title rule.
    variants.push({ outline: false, input: await detectionInput(copy) });
  }
  const strippedTitle = variants[1]?.input.bookTitle;
  titles.push({
    set: book.set,
    book: book.entry.file,
    title: original.bookTitle ?? '',
    title_outline_stripped: variants[1] ? (strippedTitle ?? '') : '(no outline)',
  });
  // Detection's share of the throughput budget: its time against pdftotext reading the same file (same run).
  const pdftotextStarted = performance.now();
  execFileSync('pdftotext', ['-enc', 'UTF-8', book.file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
  const pdftotextMs = performance.now() - pdftotextStarted;
  for (const variant of variants) {
    const started = performance.now();
    const chapters = detectChapters(variant.input);
    const ms = performance.now() - started;
    const score = boundaryF1(chapters, book.entry.chapters, { similarity: titleSimilarity });
    const starts = boundaryF1(chapters, book.entry.chapters, { similarity: titleSimilarity, ignoreTitles: true });
    const methods = [...new Set(chapters.map((chapter) => chapter.method))].join('+');
    rows.push({
      set: book.set,
      book: book.entry.file.replace(/\.pdf$/, ''),
      outline: variant.outline,
      method: methods,
      detected: score.detected,
      truth: score.truth,
      f1: round(score.f1),
      f1_starts_only: round(starts.f1),
      detect_ms: Math.round(ms),
      detect_vs_pdftotext: Math.round((ms / pdftotextMs) * 100) / 100,
    });
    if (verbose) {
      console.log(`\n${book.entry.file} outline=${variant.outline} F1 ${round(score.f1)}`);
      for (const chapter of chapters)
        console.log(
          `  ${chapter.startPage}-${chapter.endPage} [${chapter.method}] ${chapter.label ?? ''} | ${chapter.title}`,
        );
    }
  }
}

printTable('Chapter detection per book (F1: start ±1 page and title similarity ≥ 0.8)', rows);
const summary = {};
for (const set of ['books', 'technical dev', 'technical held-out', 'technical all']) {
  const inSet = rows.filter((row) => (set === 'technical all' ? row.set.startsWith('technical') : row.set === set));
  if (inSet.length === 0) continue;
  const withOutline = inSet.filter((row) => row.outline);
  const without = inSet.filter((row) => !row.outline);
  summary[set] = {
    books: new Set(inSet.map((row) => row.book)).size,
    mean_f1_with_outline: round(mean(withOutline.map((row) => row.f1))),
    mean_f1_without_outline: round(mean(without.map((row) => row.f1))),
  };
}
printTable(
  'Means (targets: technical ≥ 0.97 with outline, ≥ 0.93 without; books ≥ 0.98 / 0.98)',
  Object.entries(summary).map(([set, values]) => ({ set, ...values })),
);
printTable('Book titles found', titles);
if (!only) {
  writeResults({
    detection_f1: {
      protocol:
        'detectChapters on the extraction of each PDF and of its outline-stripped copy; a detected chapter matches a manifest chapter when its start page is within ±1 and title similarity is ≥ 0.8 (one-to-one)',
      held_out: HELD_OUT,
      rows,
      summary,
      titles,
      targets: { technical_with_outline: 0.97, technical_without_outline: 0.93, books_with: 0.98, books_without: 0.98 },
    },
  });
}
