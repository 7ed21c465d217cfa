// Which books a run measures: the PDFs of a folder and their ground truth from the folder's manifest.json, in any
// of the corpus's three shapes (textbooks: { books: [...] } with pdf_page; books and technical manuals: an array
// with page), reduced to one shape.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const corpusDir = process.env.CORPUS_DIR ?? join(root, '..', 'shared', 'corpus');
export const textbooksDir = join(corpusDir, 'textbooks');

/**
 * The textbook the team keeps aside as its last check: never in the baseline nor in CI, and skipped by every
 * run unless it is named with --only.
 */
export const HOLDOUT = ['openintro-biostat-intro-statistics-life-biomedical.pdf'];

/**
 * A manifest entry in one shape: chapters as { title, page } (1-based physical start), matter (front and back
 * matter, { title, page }) where the manifest lists it, the physical index pages where the book has an index.
 */
function normaliseEntry(entry) {
  const chapterList = [...(entry.chapters ?? []), ...(entry.appendices ?? [])];
  const chapters = chapterList
    .map((chapter) => ({ title: chapter.title, page: chapter.pdf_page ?? chapter.page, number: chapter.number }))
    .sort((a, b) => a.page - b.page);
  const matter = [...(entry.front_matter ?? []), ...(entry.back_matter ?? [])].map((item) => ({
    title: item.title,
    page: item.pdf_page ?? item.page,
  }));
  const [from, to] = entry.index_pdf_pages ?? [];
  return {
    file: entry.file,
    pages: entry.pages,
    kind: entry.kind ?? null,
    chapters,
    matter,
    indexPages: from && to ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [],
  };
}

/** The technical manuals' PDFs are fetched beside the project, their manifest stays in the corpus. */
export const technicalPdfDir = process.env.TECHNICAL_DIR ?? join(root, '..', 'shared-corpus-technical');

function manifestFileOf(folder) {
  const own = join(folder, 'manifest.json');
  if (existsSync(own)) return own;
  if (basename(folder) === basename(technicalPdfDir)) return join(corpusDir, 'technical', 'manifest.json');
  return null;
}

function readManifest(file) {
  if (!file || !existsSync(file)) return new Map();
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const entries = Array.isArray(raw) ? raw : (raw.books ?? []);
  return new Map(entries.map((entry) => [entry.file, normaliseEntry(entry)]));
}

/**
 * The books to run: every PDF of `folder` (manifest order first), less the hold-out unless `only` names it. The
 * manifest is the folder's manifest.json (the technical manuals': ../shared/corpus/technical/manifest.json).
 * `only` and `exclude` hold file names (or the name without .pdf). A PDF without a manifest entry runs too: its
 * figures that need ground truth are left out.
 */
export function booksOf(folder, { only = [], exclude = [], manifestFile = manifestFileOf(folder) } = {}) {
  if (!existsSync(folder)) return [];
  const manifest = readManifest(manifestFile);
  const pdfs = readdirSync(folder).filter((name) => name.toLowerCase().endsWith('.pdf'));
  const order = [...manifest.keys()];
  pdfs.sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9) || a.localeCompare(b));
  const named = (list, file) => list.some((name) => name === file || `${name}.pdf` === file || basename(name) === file);
  return pdfs
    .filter((file) => (only.length ? named(only, file) : !HOLDOUT.includes(file)))
    .filter((file) => !named(exclude, file))
    .map((file) => ({ file, path: join(folder, file), truth: manifest.get(file) ?? null }));
}

/**
 * Which physical pages are a chapter's body by the manifest: from a chapter's start to the page before the next
 * listed start (chapter, front or back matter). Pages before the first listed start (title, copyright) and the
 * matter's pages are not. Null when the manifest gives no chapters.
 */
export function bodyPagesOf(truth, pageCount) {
  if (!truth?.chapters.length) return null;
  const starts = [
    ...truth.chapters.map((chapter) => ({ page: chapter.page, body: true })),
    ...truth.matter.map((item) => ({ page: item.page, body: false })),
  ].sort((a, b) => a.page - b.page);
  const body = new Set();
  starts.forEach((start, index) => {
    if (!start.body) return;
    const end = (starts[index + 1]?.page ?? pageCount + 1) - 1;
    for (let page = start.page; page <= end; page += 1) body.add(page);
  });
  for (const page of truth.indexPages) body.delete(page);
  return body;
}
