import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { englishNlp } from './english-nlp.js';
import { stripPageCitations } from './page-citations.js';

/** The grade an "Explain Like I'm 12" text must not exceed. */
export const ELI12_MAX_GRADE = 7;

/**
 * Flesch-Kincaid grade level of English text: the `flesch-kincaid` formula over wink-nlp sentences and
 * words, syllables from `syllable`. Page citations are not prose and are ignored. NaN for text without words.
 */
export function fleschKincaidGrade(text: string): number {
  const nlp = englishNlp();
  const its = nlp.its;
  const doc = nlp.readDoc(stripPageCitations(text));
  const types = doc.tokens().out(its.type);
  const words = doc
    .tokens()
    .out()
    .filter((_, index) => types[index] === 'word');
  return gradeOfWords(words, doc.sentences().length());
}

/** The same grade from words already split into `sentences` sentences. */
export function gradeOfWords(words: readonly string[], sentences: number): number {
  if (words.length === 0) return Number.NaN;
  const syllables = words.reduce((sum, word) => sum + Math.max(1, syllable(word)), 0);
  return fleschKincaid({ sentence: Math.max(1, sentences), word: words.length, syllable: syllables });
}
