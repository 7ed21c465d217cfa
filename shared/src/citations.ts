// "(p. 34)", "(pp. 12–14)", "(p. xii)": one home for the dashboard and the extension.

/** Where a chapter starts: its physical page and the label printed on that page. */
export interface PageAnchor {
  startPage: number;
  startLabel: string | null;
}

export interface PageLabelMap {
  labels?: readonly string[] | null;
  /** Chapter starts, used when the page labels are not known. */
  anchors?: readonly PageAnchor[];
  totalPages: number;
}

export type CitationPart =
  | { kind: 'text'; text: string }
  | {
      kind: 'citation';
      text: string;
      label: string;
      /** The sentence it backs, without markdown marks; '' when none precedes it. */
      sentence: string;
    };

// "(p. 34)", "(pp. 12–14)", "(p.xii)", also "p. 34" without brackets in running text.
const CITATION = /\(?\b(pp?)\.\s?(\d+|[ivxlcdm]+)(?:\s?[-–—]\s?(?:\d+|[ivxlcdm]+))?\b\)?/gi;
const SENTENCE_END = /[.!?…]["”’)\]]*\s+/g;

export function citationParts(text: string): CitationPart[] {
  const parts: CitationPart[] = [];
  let cursor = 0;
  let sentenceStart = 0;
  for (const match of text.matchAll(CITATION)) {
    const start = match.index;
    const written = match[0];
    // A bare "(p" with no closing bracket is not a citation shape we link; skip unbalanced ones.
    if (written.startsWith('(') !== written.endsWith(')')) continue;
    const open = written.startsWith('(') ? 1 : 0;
    const inner = written.slice(open, written.length - open);
    if (start + open > cursor) parts.push({ kind: 'text', text: text.slice(cursor, start + open) });
    parts.push({
      kind: 'citation',
      text: inner,
      label: match[2] ?? '',
      sentence: lastSentence(text.slice(sentenceStart, start)),
    });
    if (open) parts.push({ kind: 'text', text: ')' });
    cursor = start + written.length;
    // Text right after a citation up to the next sentence end still belongs to the cited sentence.
    sentenceStart = cursor;
  }
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  // Neighbouring text parts merge, so "(", ")" and the words around them stay one run.
  return parts.reduce<CitationPart[]>((merged, part) => {
    const last = merged.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else merged.push(part.kind === 'text' ? { ...part } : part);
    return merged;
  }, []);
}

// "Mrs. Long", "Dr. Watson", "St. Paul": a title's full stop does not end the sentence.
const TITLE_BEFORE = /(?:^|[^\p{L}])(?:mr|mrs|ms|dr|st|jr|sr|prof|capt|col|gen|lt|rev|hon|mt|no|vs|fig)$/iu;

function lastSentence(before: string): string {
  let from = 0;
  const trimmed = before.replace(/[\s,;:]+$/, '');
  for (const end of trimmed.matchAll(SENTENCE_END)) {
    if (end[0].startsWith('.') && TITLE_BEFORE.test(trimmed.slice(0, end.index))) continue;
    from = end.index + end[0].length;
  }
  return plainText(trimmed.slice(from));
}

function plainText(text: string): string {
  return text
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.!?…]+$/, '')
    .trim();
}

const NUMERIC = /^\d+$/;
const ROMAN = /^[ivxlcdm]+$/;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

export function romanValue(label: string): number | null {
  const text = label.trim().toLowerCase();
  if (!ROMAN.test(text)) return null;
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const value = ROMAN_VALUES[text[i]!]!;
    const next = ROMAN_VALUES[text[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total > 0 ? total : null;
}

type LabelKind = 'arabic' | 'roman';
function labelValue(label: string): { kind: LabelKind; value: number } | null {
  const text = label.trim().toLowerCase();
  if (NUMERIC.test(text)) return { kind: 'arabic', value: Number(text) };
  const roman = romanValue(text);
  return roman === null ? null : { kind: 'roman', value: roman };
}

/** Nearest to `near` when a label repeats (front matter and body both from 1); null when not in the book. */
export function physicalPageForLabel(label: string, map: PageLabelMap, near?: number): number | null {
  const wanted = label.trim().toLowerCase();
  const inBook = (page: number) => page >= 1 && (map.totalPages <= 0 || page <= map.totalPages);
  const labels = map.labels ?? [];
  if (labels.length > 0) {
    const exact: number[] = [];
    labels.forEach((value, index) => {
      if (value.trim().toLowerCase() === wanted) exact.push(index + 1);
    });
    if (exact.length > 0) return nearest(exact, near);
    return offsetFrom(
      wanted,
      labels.map((value, index) => ({ page: index + 1, label: value })),
      inBook,
    );
  }
  const anchors = (map.anchors ?? []).filter((anchor) => anchor.startLabel !== null);
  const exact = anchors.filter((anchor) => anchor.startLabel!.trim().toLowerCase() === wanted);
  if (exact.length > 0)
    return nearest(
      exact.map((anchor) => anchor.startPage),
      near,
    );
  const placed = offsetFrom(
    wanted,
    anchors.map((anchor) => ({ page: anchor.startPage, label: anchor.startLabel! })),
    inBook,
  );
  if (placed !== null) return placed;
  // No labels at all: a book without printed numbers is cited by physical page.
  if (anchors.length === 0 && NUMERIC.test(wanted) && inBook(Number(wanted))) return Number(wanted);
  return null;
}

function nearest(pages: number[], near: number | undefined): number {
  if (near === undefined) return pages[0]!;
  return pages.reduce((best, page) => (Math.abs(page - near) < Math.abs(best - near) ? page : best));
}

// Labels run on within a numbering: page = wanted + (page - label) of the closest page numbered alike at or before it.
function offsetFrom(
  wanted: string,
  pages: { page: number; label: string }[],
  inBook: (page: number) => boolean,
): number | null {
  const target = labelValue(wanted);
  if (!target) return null;
  const alike = pages
    .map((entry) => ({ page: entry.page, value: labelValue(entry.label) }))
    .filter((entry): entry is { page: number; value: { kind: LabelKind; value: number } } =>
      Boolean(entry.value && entry.value.kind === target.kind),
    )
    .sort((a, b) => a.value.value - b.value.value);
  if (alike.length === 0) return null;
  const before = alike.filter((entry) => entry.value.value <= target.value).at(-1) ?? alike[0]!;
  const page = target.value + (before.page - before.value.value);
  return inBook(page) ? page : null;
}

export function readerPath(bookId: string, page: number, cite?: string): string {
  const query = new URLSearchParams({ page: String(page) });
  if (cite) query.set('cite', cite.slice(0, CITE_MAX_CHARS));
  return `/books/${encodeURIComponent(bookId)}/read?${query.toString()}`;
}
/** Longest cited sentence carried in a reader link. */
export const CITE_MAX_CHARS = 300;

export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  const words: { word: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    words.push({
      word: match[0].toLowerCase().replace(/’/g, "'"),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return words;
}

/** Needs at least half of the sentence's words in order in the best window: a wrong highlight is worse than none. */
export function findCitedSentence(
  sentence: string,
  pageText: string,
): { start: number; end: number; coverage: number } | null {
  const wanted = wordsOf(sentence).map((entry) => entry.word);
  if (wanted.length === 0) return null;
  const page = wordsOf(pageText);
  const set = new Set(wanted);
  const span = Math.ceil(wanted.length * 1.5) + 2;
  let best: { first: number; last: number; matched: number } | null = null;
  for (let i = 0; i < page.length; i++) {
    if (!set.has(page[i]!.word)) continue;
    // Greedy in-order match of the sentence's words inside a window that starts here.
    let next = wanted.indexOf(page[i]!.word);
    let matched = 0;
    let last = i;
    for (let j = i; j < Math.min(page.length, i + span) && next < wanted.length; j++) {
      const found = wanted.indexOf(page[j]!.word, next);
      if (found === -1 || found - next > 3) continue;
      matched += 1;
      next = found + 1;
      last = j;
    }
    if (!best || matched > best.matched) best = { first: i, last, matched };
  }
  if (!best) return null;
  const coverage = best.matched / wanted.length;
  if (coverage < 0.5) return null;
  return { start: page[best.first]!.start, end: page[best.last]!.end, coverage };
}
