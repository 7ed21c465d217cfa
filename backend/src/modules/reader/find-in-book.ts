import { findInText, type FindInBookResult } from '@chapterwise/shared';

export interface FindablePage {
  number: number;
  label: string;
  text: string;
}

const SNIPPET_CONTEXT = 40;

/** Occurrences counted as the reader counts them on a page (`findInText`); `matches` lists at most `limit`. */
export function findInPages(pages: readonly FindablePage[], query: string, limit: number): FindInBookResult {
  const matches: FindInBookResult['matches'] = [];
  let total = 0;
  for (const page of pages) {
    findInText(page.text, query).forEach((range, indexOnPage) => {
      total += 1;
      if (matches.length < limit)
        matches.push({
          page: page.number,
          page_label: page.label,
          index_on_page: indexOnPage,
          snippet: snippet(page.text, range.start, range.end),
        });
    });
  }
  return { query, total, matches };
}

// The whole words around the occurrence, on one line, "photo-\nsynthesis" joined back.
function snippet(text: string, start: number, end: number): string {
  let from = Math.max(0, start - SNIPPET_CONTEXT);
  while (from > 0 && !/\s/.test(text[from - 1]!)) from -= 1;
  let to = Math.min(text.length, end + SNIPPET_CONTEXT);
  while (to < text.length && !/\s/.test(text[to]!)) to += 1;
  const words = text
    .slice(from, to)
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
  return `${text.slice(0, from).trim() ? '…' : ''}${words}${text.slice(to).trim() ? '…' : ''}`;
}
