import type { AnalysedChapter } from '../analyse-chapter.js';
import { analyseSegments, isContentToken } from '../text/chapter-text.js';

const cache = new WeakMap<AnalysedChapter, ReadonlySet<string>>();

/**
 * The words of the chapter's own terms: its index entries, glossary terms, defined terms and section headings. A
 * plain-word swap never touches them: "adjacent vertices" is a graph-theory term, not "next vertices", and a heading's
 * word is the word the student will meet in the book. Lemmas and written forms both, so that either reading matches.
 */
export function chapterTermWords(chapter: AnalysedChapter): ReadonlySet<string> {
  const known = cache.get(chapter);
  if (known) return known;
  const terms = [
    ...chapter.terms.index,
    ...chapter.terms.glossary.map((entry) => entry.term),
    ...chapter.terms.definitions.map((entry) => entry.term),
    ...chapter.terms.emphasised.map((entry) => entry.term),
    ...chapter.tree.sections.map((section) => section.title),
  ].filter((term) => term.trim().length > 0);
  const words = termWordsOf(terms);
  cache.set(chapter, words);
  return words;
}

/** The content words of some terms, as lemmas and as written (lower case); each term read on its own. */
export function termWordsOf(terms: readonly string[]): Set<string> {
  const segments = terms.map((term) => ({ text: term, origin: '', group: 0, endsBlock: true }));
  const words = new Set<string>();
  for (const sentence of analyseSegments(segments))
    for (const token of sentence.tokens.filter(isContentToken)) {
      words.add(token.lemma.toLowerCase());
      words.add(token.normal.toLowerCase());
    }
  return words;
}
