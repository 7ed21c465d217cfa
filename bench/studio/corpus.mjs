// Corpus books (novels and technical manuals) as the studio receives them: four chapters each, pages with labels.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The shared corpus beside the project root; the technical manuals where corpus/technical/fetch.sh puts them.
const beside = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SETS = [
  {
    name: 'books',
    dir: join(beside, 'shared/corpus/books'),
    manifest: join(beside, 'shared/corpus/books/manifest.json'),
  },
  {
    name: 'technical',
    dir: join(beside, 'shared-corpus-technical'),
    manifest: join(beside, 'shared/corpus/technical/manifest.json'),
  },
];

/** Four chapters spread over each book (first, two middle, last but one), longest 40 pages. */
export function loadStudioCorpus({ chaptersPerBook = 4 } = {}) {
  const books = [];
  for (const set of SETS) {
    if (!existsSync(set.manifest)) continue;
    for (const entry of JSON.parse(readFileSync(set.manifest, 'utf8'))) {
      const file = join(set.dir, entry.file);
      if (!existsSync(file)) continue;
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      const pageTexts = text.split('\f');
      const starts = entry.chapters.map((chapter) => chapter.page);
      const all = entry.chapters.map((chapter, index) => {
        const from = chapter.page;
        const to = Math.min((starts[index + 1] ?? pageTexts.length + 1) - 1, from + 39);
        const pages = [];
        for (let page = from; page <= Math.max(from, to); page += 1)
          pages.push({ label: String(page), text: pageTexts[page - 1] ?? '' });
        return { title: chapter.title, pages };
      });
      const n = all.length;
      const picks = [...new Set([0, Math.floor(n / 3), Math.floor((2 * n) / 3), Math.max(0, n - 2)])].slice(
        0,
        chaptersPerBook,
      );
      books.push({ set: set.name, file: entry.file, chapters: picks.map((index) => all[index]) });
    }
  }
  return books;
}
