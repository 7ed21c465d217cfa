// Corpus books as the study engine receives them: per chapter, its pages (pdftotext text) with labels.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDir } from './build.mjs';
import { HOLDOUT } from '../study-quality/corpus.mjs';

export function corpusAvailable() {
  return existsSync(join(corpusDir, 'books', 'manifest.json'));
}

/** Every book of the manifest with its chapters (start page to the page before the next chapter). */
export function loadCorpusBooks(
  manifestFile = join(corpusDir, 'books', 'manifest.json'),
  pdfDir = join(corpusDir, 'books'),
) {
  return booksOf(JSON.parse(readFileSync(manifestFile, 'utf8')), pdfDir);
}

function booksOf(entries, pdfDir) {
  const manifest = entries.filter((entry) => existsSync(join(pdfDir, entry.file)));
  return manifest.map((entry) => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(pdfDir, entry.file), '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    // pdftotext ends every page with a form feed; physical page numbers serve as the printed labels.
    const pageTexts = text.split('\f').slice(0, entry.pages);
    const labelOf = printedLabels(pageTexts);
    const starts = entry.chapters.map((chapter) => chapter.page);
    const chapters = entry.chapters.map((chapter, index) => {
      const from = chapter.page;
      const to = (starts[index + 1] ?? pageTexts.length + 1) - 1;
      const pages = [];
      for (let page = from; page <= Math.max(from, to); page += 1)
        pages.push({ label: labelOf(page), text: pageTexts[page - 1] ?? '', physical: page });
      return { number: index + 1, title: chapter.title, pages };
    });
    return {
      file: entry.file,
      title: entry.file.replace(/\.pdf$/, ''),
      pageCount: entry.pages,
      allText: pageTexts.join('\n'),
      chapters,
    };
  });
}

/**
 * The course textbooks (corpus/textbooks, whose manifest gives each chapter's PDF start page), as loadCorpusBooks
 * gives the other books; the hold-out textbook of bench/study-quality is left out.
 */
export function loadTextbooks(dir = join(corpusDir, 'textbooks')) {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const { books } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entries = books
    .filter((book) => !HOLDOUT.includes(book.file))
    .map((book) => ({
      file: book.file,
      pages: book.pages,
      chapters: book.chapters.map((chapter) => ({ title: chapter.title, page: chapter.pdf_page })),
    }));
  return booksOf(entries, dir);
}

/** The technical manuals (fetched beside the project), or none when they are absent. */
export const technicalDir = join(corpusDir, '..', '..', 'shared-corpus-technical');
export function loadTechnicalBooks() {
  const manifest = join(corpusDir, 'technical', 'manifest.json');
  if (!existsSync(manifest) || !existsSync(technicalDir)) return [];
  return loadCorpusBooks(manifest, technicalDir);
}

/** Books kept aside from tuning, checked last (HOLDOUT=1 selects them, HOLDOUT=0 the others). */
export const HELD_OUT_BOOKS = new Set([
  'wells-the-war-of-the-worlds.pdf',
  'esenwein-carnagey-the-art-of-public-speaking.pdf',
  'nut-doc__user-manual.pdf',
  'gpredict__gpredict-user-manual.pdf',
]);
export function heldOutFilter(books) {
  if (process.env.HOLDOUT === '1') return books.filter((book) => HELD_OUT_BOOKS.has(book.file));
  if (process.env.HOLDOUT === '0') return books.filter((book) => !HELD_OUT_BOOKS.has(book.file));
  return books;
}

/** Four chapters spread over the book (or all of them when it has fewer). */
export function spreadChapters(book, count = 4) {
  const chapters = book.chapters.filter((chapter) => chapter.pages.some((page) => page.text.trim().length > 200));
  if (chapters.length <= count) return chapters;
  return Array.from({ length: count }, (_, i) => chapters[Math.floor(((i + 0.5) * chapters.length) / count)]);
}

/**
 * Printed page numbers, as the app reads them from PageLabels: the most common offset between a bare
 * number at a page's top or bottom and its physical number; physical numbers when none is found.
 */
function printedLabels(pageTexts) {
  const offsets = new Map();
  pageTexts.forEach((text, index) => {
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    for (const line of [...lines.slice(0, 2), ...lines.slice(-2)]) {
      const number = /^(\d{1,4})\b|\b(\d{1,4})$/.exec(line);
      if (!number) continue;
      const offset = Number(number[1] ?? number[2]) - (index + 1);
      offsets.set(offset, (offsets.get(offset) ?? 0) + 1);
    }
  });
  const [best, count] = [...offsets].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (count < pageTexts.length * 0.3) return (page) => String(page);
  return (page) => (page + best >= 1 ? String(page + best) : `front ${page}`);
}

/** Up to 60 pages spread over the rest of the book, as the app gives the engine for topics. */
export function otherPagesSample(book, chapter, count = 60) {
  const others = book.chapters.filter((other) => other !== chapter).flatMap((other) => other.pages);
  const step = Math.max(1, Math.ceil(others.length / count));
  return others.filter((_, index) => index % step === 0).map(({ label, text }) => ({ label, text }));
}
