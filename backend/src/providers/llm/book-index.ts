import type { StudyPage } from './study-engine.port.js';

// "Direct object, 40, 42–44" / "commit 120" / "  subentry, 7": a term, then page numbers.
const ENTRY =
  /^\s*([\p{L}][^\d]{1,60}?)[\s,.:]+((?:[ivxlcdm]+|\d+)(?:\s*[-–]\s*\d+)?(?:\s*,\s*(?:see\s+)?(?:[ivxlcdm]+|\d+)(?:\s*[-–]\s*\d+)?)*)\s*$/iu;

const MIN_INDEX_ENTRIES = 25;

/**
 * The back-of-book index of a book, read from its last pages: lower-cased entry → printed page labels
 * it points to (ranges expanded). Empty when the book has no index. Pages count as index pages when
 * most of their lines are entries; the index is the last run of such pages.
 */
export function indexEntriesOf(pages: readonly StudyPage[], searchFrom = 0.8): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  const isIndexPage = (page: StudyPage) => {
    const lines = page.text.split('\n').filter((line) => line.trim());
    if (lines.length < 10) return false;
    return lines.filter((line) => ENTRY.test(line)).length / lines.length >= 0.4;
  };
  // Only the back of the book is searched (from `searchFrom` of its pages); an index sits there.
  let end = pages.length - 1;
  const floor = Math.floor(pages.length * searchFrom);
  while (end >= floor && !isIndexPage(pages[end]!)) end -= 1;
  if (end < floor) return entries;
  let start = end;
  while (start - 1 >= floor && isIndexPage(pages[start - 1]!)) start -= 1;
  if (end - start < 0) return entries;
  for (const page of pages.slice(start, end + 1)) {
    for (const line of page.text.split('\n')) {
      const match = ENTRY.exec(line);
      if (!match) continue;
      const term = match[1]!
        .replace(/[\s,.:]+$/, '')
        .trim()
        .toLowerCase();
      if (term.split(/\s+/).length > 6) continue;
      const labels: string[] = [];
      for (const part of match[2]!.split(',')) {
        const range = /(\d+)\s*[-–]\s*(\d+)/.exec(part);
        if (range) {
          const from = Number(range[1]);
          const to = Number(range[2]);
          for (let label = from; label <= Math.min(to, from + 30); label += 1) labels.push(String(label));
        } else {
          const single = part.replace(/see\s+/i, '').trim();
          if (single) labels.push(single);
        }
      }
      entries.set(term, [...new Set([...(entries.get(term) ?? []), ...labels])]);
    }
  }
  // A back-of-book index lists dozens of terms; a handful of entry-like lines (a bibliography's
  // last page, a four-line token index) does not say what the chapters are about.
  return entries.size >= MIN_INDEX_ENTRIES ? entries : new Map();
}
