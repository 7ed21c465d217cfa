import escapeHtml from 'escape-html';

// Words too common to find a page by; dropped from the full-text query unless nothing else is left.
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it ' +
    'its may me might must my no not of on or our shall she should so than that the their them then there these they ' +
    'this to was we were what when where which who whom whose why will with would you your'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
const DIACRITICS = /\p{M}+/gu;

export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

export function queryWords(query: string): string[] {
  return (query.match(WORD) ?? []).map(foldWord).filter(Boolean);
}

/** Distinct words worth matching: stop words go, unless the query is made only of them. */
export function searchTerms(words: readonly string[]): string[] {
  const distinct = [...new Set(words)];
  const content = distinct.filter((word) => !STOP_WORDS.has(word));
  return content.length ? content : distinct;
}

/** A question's subject as a phrase: "What is a working copy?" gives "working copy" (stop words trimmed at both ends). */
export function questionPhrase(words: readonly string[]): string[] {
  let from = 0;
  let to = words.length;
  while (from < to && STOP_WORDS.has(words[from]!)) from += 1;
  while (to > from && STOP_WORDS.has(words[to - 1]!)) to -= 1;
  return words.slice(from, to);
}

/** "What is a …?", "What are …?": the question asks what its phrase means. */
export function asksDefinition(words: readonly string[]): boolean {
  return words[0] === 'what' && (words[1] === 'is' || words[1] === 'are');
}

// A light suffix strip so that "cells" marks "cell" and "dividing" marks "divide"; the engines
// themselves stem properly (FTS5 porter) or match whole words (InnoDB).
/**
 * What a "what is" question asks to define: its subject without the field it is asked in ("What is a tag in
 * Subversion?" gives "tag", "What is the point of view?" "point of view"); empty for any other question.
 */
export function definedTerm(words: readonly string[]): string[] {
  if (!asksDefinition(words)) return [];
  const subject = questionPhrase(words.slice(2));
  const field = subject.findIndex((word) => word === 'in' || word === 'within');
  return field < 0 ? subject : questionPhrase(subject.slice(0, field));
}

function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ational|ations|ation|ingly|ings|ing|edly|ed|ies|es|s|ly|ment|ness)$/, '').slice(0, 7);
}

interface WordAt {
  folded: string;
  stem: string;
  start: number;
  end: number;
}

function wordsOf(text: string): WordAt[] {
  return [...text.matchAll(WORD)].map((match) => {
    const folded = foldWord(match[0]);
    return { folded, stem: stem(folded), start: match.index, end: match.index + match[0].length };
  });
}

/** Where `needle` starts in `haystack` (from `from` on), or -1; a phrase is two words or more unless `from` is given. */
function sequenceAt(haystack: readonly string[], needle: readonly string[], from?: number): number {
  if (needle.length < (from === undefined ? 2 : 1)) return -1;
  outer: for (let i = from ?? 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export interface PageMatchQuality {
  /** The query's words appear in this order, next to each other. */
  exactPhrase: boolean;
  coverage: number;
}

export function matchQuality(text: string, words: readonly string[], terms: readonly string[]): PageMatchQuality {
  const { exactPhrase, found } = termsOnPage(text, words, terms);
  return { exactPhrase, coverage: terms.length ? found.length / terms.length : 0 };
}

/** Whether the page holds `words` as a phrase, defines `defined`, and which of `terms` it holds (stemmed). */
export function termsOnPage(
  text: string,
  words: readonly string[],
  terms: readonly string[],
  defined: readonly string[] = words,
) {
  // Folded once as a whole (not word by word): this runs on every candidate page of every query.
  const folded = foldWord(text);
  const pageWords = folded.match(WORD) ?? [];
  const stems = new Set(pageWords.map(stem));
  return {
    exactPhrase: sequenceAt(pageWords, words) >= 0,
    defines: definesIn(folded, defined),
    found: terms.filter((term) => stems.has(stem(term))),
  };
}

/**
 * "A working copy is …", "Interjections are …" opening a sentence, "… known as a working copy": the page
 * defines the phrase rather than using it ("your working copy is out of date" does not).
 */
function definesIn(foldedText: string, phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  const term = phrase.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\W+');
  const opensSentence = `(?:^|[.!?:]\\s+|\\n\\s*)(?:(?:an?|the)\\s+)?`;
  return new RegExp(
    `${opensSentence}${term}\\s+(?:is|are|means|refers)\\b|\\b(?:an?)\\s+${term}\\s+(?:is|are)\\b|` +
      `\\b(?:called|named|termed|known\\s+as)\\s+(?:(?:an?|the)\\s+)?${term}\\b`,
  ).test(foldedText);
}

// The exact phrase when the page has it, else the stretch with the most query terms; HTML-escaped.
export function buildSnippet(text: string, words: readonly string[], terms: readonly string[], maxChars = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const pageWords = wordsOf(flat);
  const termStems = new Set(terms.map(stem));
  const phraseAt = sequenceAt(
    pageWords.map((word) => word.folded),
    words,
  );
  const marked = new Set<number>();
  if (phraseAt >= 0) for (let j = 0; j < words.length; j += 1) marked.add(phraseAt + j);
  else pageWords.forEach((word, index) => termStems.has(word.stem) && marked.add(index));

  const hits = [...marked].sort((a, b) => a - b);
  let from = 0;
  if (hits.length) {
    let best = -1;
    for (const start of hits) {
      const limit = pageWords[start]!.start + maxChars * 0.75;
      const covered = new Set(
        hits.filter((h) => h >= start && pageWords[h]!.end <= limit).map((h) => pageWords[h]!.stem),
      );
      if (covered.size > best) {
        best = covered.size;
        from = pageWords[start]!.start;
      }
    }
    from = Math.max(0, from - Math.round(maxChars * 0.25));
  }
  let to = Math.min(flat.length, from + maxChars);
  if (from > 0) from = flat.indexOf(' ', from) + 1 || from;
  if (to < flat.length) to = Math.max(from + 1, flat.lastIndexOf(' ', to));

  let out = from > 0 ? '…' : '';
  let cursor = from;
  for (const index of hits) {
    const word = pageWords[index]!;
    if (word.start < from || word.end > to) continue;
    out += `${escapeHtml(flat.slice(cursor, word.start))}<mark>${escapeHtml(flat.slice(word.start, word.end))}</mark>`;
    cursor = word.end;
  }
  out += escapeHtml(flat.slice(cursor, to)) + (to < flat.length ? '…' : '');
  // Consecutive marked words of a phrase read better as one mark.
  return out.replace(/<\/mark>(\s+)<mark>/g, '$1');
}
