// Corpus books as the study engine receives them: per chapter, its pages (pdftotext text) with labels.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDir } from './build.mjs';

export function corpusAvailable() {
  return existsSync(join(corpusDir, 'books', 'manifest.json'));
}

/** Every book of the manifest with its chapters (start page to the page before the next chapter). */
export function loadCorpusBooks() {
  const manifest = JSON.parse(readFileSync(join(corpusDir, 'books', 'manifest.json'), 'utf8'));
  return manifest.map((entry) => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(corpusDir, 'books', entry.file), '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    // pdftotext ends every page with a form feed; physical page numbers serve as the printed labels.
    const pageTexts = text.split('\f').slice(0, entry.pages);
    const starts = entry.chapters.map((chapter) => chapter.page);
    const chapters = entry.chapters.map((chapter, index) => {
      const from = chapter.page;
      const to = (starts[index + 1] ?? pageTexts.length + 1) - 1;
      const pages = [];
      for (let page = from; page <= Math.max(from, to); page += 1)
        pages.push({ label: String(page), text: pageTexts[page - 1] ?? '' });
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
