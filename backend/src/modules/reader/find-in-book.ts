import type { FindInBookResult } from '@chapterwise/shared';

export interface FindablePage {
  number: number;
  label: string;
  text: string;
}

const SNIPPET_CONTEXT = 40;

/**
 * Every occurrence of `query` in the pages, in reading order. Case is ignored, and so is how the text was
 * broken into lines: a phrase matches across a line break, and across a word hyphenated at the end of a line.
 * `total` counts all; `matches` lists at most `limit`.
 */
export function findInPages(pages: readonly FindablePage[], query: string, limit: number): FindInBookResult {
  const needle = fold(collapse(query));
  const matches: FindInBookResult['matches'] = [];
  let total = 0;
  if (!needle) return { query, total, matches };
  for (const page of pages) {
    const text = collapse(page.text);
    const haystack = fold(text);
    let indexOnPage = 0;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      total += 1;
      if (matches.length < limit)
        matches.push({
          page: page.number,
          page_label: page.label,
          index_on_page: indexOnPage,
          snippet: snippet(text, at, needle.length),
        });
      indexOnPage += 1;
    }
  }
  return { query, total, matches };
}

// One space for any run of whitespace; "photo-\nsynthesis" joined back into "photosynthesis".
function collapse(text: string): string {
  return text
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

// Lower case without changing the length, so positions in the folded text are positions in the text.
function fold(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    out += lower.length === char.length ? lower : char;
  }
  return out;
}

function snippet(text: string, at: number, length: number): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - SNIPPET_CONTEXT)) + 1);
  const endSpace = text.indexOf(' ', Math.min(text.length, at + length + SNIPPET_CONTEXT));
  const end = endSpace === -1 ? text.length : endSpace;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
