import genericWords from '../data/generic-words.json' with { type: 'json' };
import vagueTerms from '../data/vague-terms.json' with { type: 'json' };
import { isStopWord, normalise, onlyStopWords, wordsOf } from './answer-support.js';

// Words that read as a subject of "X is a …" but name nothing to learn.
const VAGUE_TERMS = new Set(vagueTerms.words);
// "it's", "that's", "there's": a pronoun with "is", never a name's possessive.
const CONTRACTED_IS = /\b(?:it|that|there|here|what|who|he|she|let|where|how|one|everyone|someone)['’]s\b/i;

/** A concept worth learning: 1-4 words, letters, no stop word at either end, not a vague word. */
export function isConcept(text: string): boolean {
  const words = wordsOf(text);
  if (words.length < 1 || words.length > 4) return false;
  if (isStopWord(words[0]!) || isStopWord(words[words.length - 1]!) || onlyStopWords(text)) return false;
  if (words.length === 1 && (words[0]!.length < 3 || VAGUE_TERMS.has(words[0]!))) return false;
  if (words.every((word) => VAGUE_TERMS.has(word))) return false;
  // "it's", "we'll", "don't" are contractions; "Newton's law of cooling", "Pascal's triangle" are names.
  if (/['’](?:m|ll|re|ve|d|t)\b/i.test(text) || CONTRACTED_IS.test(text)) return false;
  return /^[\p{L}][\p{L}\p{N}'’\s-]*$/u.test(text.trim());
}

const GENERIC_WORDS = new Set(genericWords.words);
/** A word every book uses about itself or about anything ("example", "figure", "program", "function"). */
export function isGenericWord(text: string): boolean {
  return GENERIC_WORDS.has(normalise(text)) || GENERIC_WORDS.has(normalise(text).replace(/s$/, ''));
}
