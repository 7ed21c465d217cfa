import type { AnalysedSentence } from '../text/chapter-text.js';
import { isConcept, isGenericWord } from '../composers/concepts.js';
import { escapeRegExp, singularKey, type KeyTerm } from '../composers/study-notes.js';
import { isStopWord } from '../composers/answer-support.js';
import { isEverydayWord, isKnownWord } from '../text/plain-words.js';
import { hasPredicate } from '../text/predicate.js';
import type { StudyPage } from '../types.js';

// The word a term names its thing by is a noun ("recurrence relation", "lattice path", "judicial review"); a word set in
// italics for stress ("we *insist*", "the *shortest*") is a verb, an adjective or an adverb.
const NAMING_TAGS = new Set(['NOUN', 'PROPN']);
const CLAUSE_TAGS = new Set(['VERB', 'AUX', 'PRON']);
// A term is introduced inside a sentence that says something of it: the emphasis is a part of the sentence, not a
// heading run into it ("Verification and validation.") nor the sentence itself.
const MIN_WORDS_AROUND = 4;

/** The phrase without the punctuation and quotation marks the emphasis took in around it. */
function cleanPhrase(phrase: string): string {
  return phrase
    .replace(/^[\s"“‘'([]+/u, '')
    .replace(/[\s"”’'),.;:!?\]]+$/u, '')
    .replace(/\s+/g, ' ');
}

/** A phrase whose every word is capitalised is a name or a title (of a work, a section), not a term to learn. */
function isTitleCase(phrase: string): boolean {
  const words = phrase.split(' ');
  return words.length > 1 && words.every((word) => /^[\p{Lu}\p{N}]/u.test(word));
}

/**
 * Letters of a formula set in italics, which the text layer gives as words ("N t", "u n", "terminal velocity v T"): a
 * word of one or two letters that is neither a function word nor an acronym ("IQ").
 */
function holdsSymbols(phrase: string): boolean {
  return phrase.split(/[\s-]+/).some((word) => word.length <= 2 && !isStopWord(word) && !/^\p{Lu}{2}$/u.test(word));
}

/** A word in capitals that is a plain word is a label set in capitals ("WARNING", "VIDEO"), not an acronym. */
function isShoutedWord(phrase: string): boolean {
  return /^\p{Lu}{4,}$/u.test(phrase) && isKnownWord(phrase);
}

/**
 * The phrase as the chapter writes it inside a sentence: a word capitalised only where it opens a sentence or a
 * heading ("Legitimacy", "Election") is a common noun, written in lower case; one the chapter capitalises everywhere
 * (a person, a place, a court case, a work: "Plessy", "Zootopia", "Tower of Hanoi") is a name, and null.
 */
function spellingInText(phrase: string, sentences: readonly AnalysedSentence[]): string | null {
  const last = phrase.split(/[\s-]+/).at(-1)!;
  if (!/^\p{Lu}/u.test(last) || /^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(last)) return phrase;
  const pattern = new RegExp(
    `(?<=\\p{L}[^.!?]*?)(?<![\\p{L}\\p{N}])${escapeRegExp(phrase).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  for (const sentence of sentences)
    for (const match of sentence.text.matchAll(pattern))
      if (!/^\p{Lu}/u.test(match[0].split(/[\s-]+/).at(-1)!)) return match[0].replace(/\s+/g, ' ');
  return null;
}

/** The sentence gives the phrase as a name: "X is …", "X means …", "… is called X", "… known as X". */
function namesIt(sentence: string, phrase: string): boolean {
  const term = escapeRegExp(phrase);
  return (
    new RegExp(String.raw`(?:^|[,;:]\s*)(?:(?:the|an?)\s+)?${term}(?:s|es)?\s+(?:is|are|means|refers)\b`, 'iu').test(
      sentence,
    ) ||
    new RegExp(
      String.raw`\b(?:called|named|termed|known\s+as|defined\s+as|we\s+call)\s+(?:(?:the|an?)\s+)?${term}\b`,
      'iu',
    ).test(sentence)
  );
}

/**
 * Where the phrase stands in the sentence as whole words, with the tag of its last word, or null. A phrase the book
 * capitalises must stand so in the sentence unless it opens it: a bold run-in heading ("Interpretation", "Types of
 * Interest Groups") is capitalised by its place, and the sentence that uses its words in lower case does not introduce it.
 */
function phraseIn(sentence: AnalysedSentence, phrase: string): { head: string } | null {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(phrase).replace(/\\?-|\s+/g, '[\\s-]*')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  const match = pattern.exec(sentence.text);
  if (!match) return null;
  const opens = !/\p{L}/u.test(sentence.text.slice(0, match.index));
  if (!opens && match[0][0] !== phrase[0]) return null;
  // The phrase's words in the sentence, in order: a phrase that holds a verb or a pronoun is a clause the book stresses
  // ("France murdered your father", "held slaves"), not a name for a thing; a participle before the noun names a kind
  // of it ("filtering technique", "counting functions").
  const words = phrase.toLowerCase().split(/[\s-]+/);
  const tags: string[] = [];
  let at = 0;
  for (const [index, word] of words.entries()) {
    const found = sentence.tokens.findIndex((token, place) => place >= at && token.normal.toLowerCase() === word);
    if (found < 0) return null;
    const tag = sentence.tokens[found]!.pos;
    const modifies = index < words.length - 1 && /(?:ing|ed)$/.test(word);
    if (CLAUSE_TAGS.has(tag) && !(tag === 'VERB' && modifies)) return null;
    tags.push(tag);
    at = found + 1;
  }
  return { head: tags.at(-1)! };
}

/**
 * Emphasised terms: the phrases a textbook sets in bold or italic where it introduces them ("A *recurrence relation*
 * for a sequence …", "… is called *judicial review*"), each with the sentence of the chapter's teaching text that
 * introduces it. A phrase counts when it is a concept (a few words, no generic word), names a thing (its last word a
 * noun), is not a name or a title set in capitals, and stands inside a sentence with more to say than itself: so a
 * bold heading, a book's title in a reference, a variable set in italics or a word stressed in passing is no term.
 */
export function emphasisedTerms(pages: readonly StudyPage[], sentences: readonly AnalysedSentence[]): KeyTerm[] {
  const found = new Map<string, KeyTerm>();
  const position = new Map(pages.map((page, at) => [page.label, at]));
  for (const [at, page] of pages.entries()) {
    for (const raw of page.emphasis ?? []) {
      // A word broken at a line's end reads whole ("recur-rence" is "recurrence").
      const phrase = cleanPhrase(raw).replace(/(\p{Ll})-(\p{Ll})/gu, (whole, before: string, after: string) =>
        sentences.some((sentence) => sentence.text.includes(`${before}${after}`)) ? `${before}${after}` : whole,
      );
      const key = singularKey(phrase);
      if (found.has(key) || !isConcept(phrase) || isGenericWord(phrase)) continue;
      if (holdsSymbols(phrase) || isShoutedWord(phrase)) continue;
      const written = spellingInText(phrase, sentences);
      if (isTitleCase(phrase) || written === null) continue;

      const words = phrase.split(/[\s-]+/).length;
      // Where the page introduces it, else where the chapter first uses it in a sentence of its own.
      // An everyday word set in italics is as often an example the book mentions ("*shoe* is a noun") or a word a
      // quoted speaker stresses: it is a term only where the sentence names it so.
      const everyday = words === 1 && (isEverydayWord(phrase) || isEverydayWord(singularKey(phrase)));
      const introduces = (sentence: AnalysedSentence) => {
        if (sentence.words.length < words + MIN_WORDS_AROUND || sentence.inQuotation) return false;
        const spelled = phraseIn(sentence, phrase);
        if (spelled === null || !NAMING_TAGS.has(spelled.head)) return false;
        return !everyday || namesIt(sentence.text, phrase);
      };
      // On its page, else on the page before or after (a sentence is cited by the page holding most of it).
      const near = (candidate: AnalysedSentence) => Math.abs((position.get(candidate.origin) ?? -9) - at);
      const sentence =
        sentences.find((candidate) => near(candidate) === 0 && introduces(candidate)) ??
        sentences.find((candidate) => near(candidate) === 1 && introduces(candidate));
      if (!sentence) continue;
      found.set(key, { term: written ?? phrase, definition: sentence.text, pages: [sentence.origin] });
    }
  }
  return [...found.values()];
}

/** Lower case, one space, no closing punctuation: how a sentence and an emphasised phrase are compared. */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.:;,!?]+$/u, '')
    .trim();
}

/**
 * Headings run into their paragraph: a short sentence the book sets whole in bold or italic, with no verb of its own
 * ("The filtered Leapfrog scheme.", "Scalar computing.", "Bit strings."). They name what the paragraph is about; they
 * say nothing of it, so they are no statement to study, quote or explain. A statement set in italics (a theorem) has
 * its verb and stays.
 */
export function isRunInHeading(sentence: AnalysedSentence, pages: readonly StudyPage[]): boolean {
  if (sentence.words.length > 10 || hasPredicate(sentence)) return false;
  const text = comparable(sentence.text);
  if (text.length < 3) return false;
  const page = pages.find((candidate) => candidate.label === sentence.origin);
  return (page?.emphasis ?? []).some((phrase) => {
    const emphasised = comparable(phrase);
    return emphasised === text || emphasised.endsWith(` ${text}`);
  });
}
