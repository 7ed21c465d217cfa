import type { AnalysedSentence } from './chapter-text.js';

// A word the tagger reads as a verb is the sentence's own verb after one of these (its subject, or an adverb).
const FINITE_VERB_AFTER = new Set(['NOUN', 'PROPN', 'PRON', 'ADV', 'NUM', 'X', 'SYM', 'PUNCT']);

/**
 * The sentence has a verb of its own: an auxiliary, or a verb after its subject ("Lazy programmers prefer …"). A
 * paragraph's run-in heading ends on a full stop but says nothing: "Deriving the θ-rule formula.", "Coding of variable
 * coefficients.", "The filtered Leapfrog scheme." (a participle or a name before the noun is no predicate).
 */
export function hasPredicate(sentence: AnalysedSentence): boolean {
  const words = sentence.tokens.filter((token) => token.isWord || /^[\p{P}\p{S}]$/u.test(token.value));
  return words.some((token, at) => {
    if (token.pos === 'AUX') return true;
    if (token.pos !== 'VERB' || /ing$/i.test(token.value)) return false;
    const before = words[at - 1];
    return !!before && FINITE_VERB_AFTER.has(before.pos) && !/^[,;:(]$/.test(before.value);
  });
}
