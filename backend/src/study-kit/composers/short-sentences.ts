import hedges from '../data/hedges.json' with { type: 'json' };
import { analyseSegments } from '../text/chapter-text.js';
import { simplerWord } from '../text/plain-words.js';
import { needsAntecedent, sentenceProblem } from '../text/sentence-hygiene.js';

// "…; and a report soon followed …": a semicolon with or without a joining conjunction, ", and", or a colon.
const CLAUSE_BREAK = /(?:;\s+(?:(?:and|but|so)\s+)?|,\s+(?:and|but|so)\s+|:\s+(?=[A-Z]))/;

// "This panel, which may be popped up with …, allows the user to …": a subject, an aside about it between commas,
// then its verb.
const ASIDE_ABOUT_SUBJECT =
  /^((?:the|this|that|these|those|its|their|each|every)\s+[^,]{1,40}?),\s+which\s+([^,]{12,}),\s+(.+)$/iu;

/** "This panel allows the user to … This panel may be popped up with …": the aside becomes a sentence of its own. */
function asideAsSentence(sentence: string): string[] | null {
  const match = ASIDE_ABOUT_SUBJECT.exec(sentence);
  if (!match) return null;
  const [, subject, aside, rest] = match as unknown as [string, string, string, string];
  const parts = [`${subject} ${rest}`, `${capitaliseFirst(subject)} ${aside.replace(/[.!?]?$/, '.')}`];
  return parts.every((part) => !sentenceProblem(part) && clauseHasVerb(part)) ? parts : null;
}

const OPEN_CONDITION = /\b(?:if|when|whenever|unless|whether|provided|as long as)\b/i;

/**
 * A long sentence as short ones: split at semicolons and clause-joining conjunctions when both halves stand alone,
 * and an aside about the subject made a sentence of its own.
 */
export function shortSentences(sentence: string): string[] {
  if (sentence.split(/\s+/).length <= 16) return [sentence];
  const aside = asideAsSentence(sentence);
  if (aside) return aside.flatMap(shortSentences);
  const match = CLAUSE_BREAK.exec(sentence);
  if (!match) return [sentence];
  const before = sentence
    .slice(0, match.index)
    .trim()
    .replace(/[,;:]$/, '');
  // "… that Gregson, Lestrade, and Co. will pocket all the credit": the "and" ends a list of names, not a clause.
  // "If event A can occur in m ways, and event B in n ways, then …": the "and" joins two conditions; the head alone
  // would state one of them as a fact.
  if (OPEN_CONDITION.test(before)) return [sentence];
  const lastItem = /,\s*([^,;:]+)$/.exec(before)?.[1];
  if (lastItem && lastItem.split(/\s+/).length <= 4 && !clauseHasVerb(lastItem)) return [sentence];
  const head = `${before}.`;
  const joiner = match[0].trim().replace(/[,;:]/g, '').trim().toLowerCase();
  let tail = sentence.slice(match.index + match[0].length).trim();
  if (!startsWithSubject(tail)) return [sentence];
  // The tail is read right after its head: its own "But" answers the head, so only what follows it must stand.
  const tailNeedsMore = needsAntecedent(tail.charAt(0).toUpperCase() + tail.slice(1));
  if (joiner === 'but' || joiner === 'so') tail = `${joiner} ${tail}`;
  tail = tail.charAt(0).toUpperCase() + tail.slice(1);
  const parts = [head, tail];
  if (
    parts.some((part) => sentenceProblem(part) || part.split(/\s+/).length < 5 || !clauseHasVerb(part)) ||
    tailNeedsMore
  )
    return [sentence];
  return parts.flatMap(shortSentences);
}

function capitaliseFirst(text: string): string {
  // A file or code name is spelt as the book spells it: "restypedef.cpp", not "Restypedef.cpp".
  if (/^\S*[._]/.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clauseHasVerb(text: string): boolean {
  return analyseSegments([{ text, origin: '', group: 0 }]).some((sentence) =>
    sentence.tokens.some((token) => token.pos === 'VERB' || token.pos === 'AUX'),
  );
}

/**
 * Hard adjectives, adverbs and verbs swapped for familiar synonyms; the words of `keep` (the topic's, the chapter's
 * terms) are kept. A linking adverb ("therefore") is made plain only where it opens the sentence: "is therefore of
 * second order" is no "is so of second order".
 */
export function plainer(text: string, keep: ReadonlySet<string>): string {
  const pieces = analyseSegments([{ text, origin: '', group: 0 }]).map((sentence) => {
    let out = '';
    const first = sentence.tokens.find((token) => token.isWord);
    for (const token of sentence.tokens) {
      const swappable =
        token.isWord &&
        !isKept(token, keep) &&
        (token.pos !== 'VERB' || token.normal === token.lemma) &&
        (token === first || !LINKING_ADVERBS.has(token.normal.toLowerCase()));
      const swap = swappable ? simplerWord(token.value, token.pos) : null;
      if (swap && swap !== token.value) out = articleFor(out, swap);
      out += token.space + (swap ?? token.value);
    }
    return out.trim();
  });
  return pieces.join(' ').trim() || text;
}

// "an often used", "a rule": the sound a word opens with ("one" and "unit" open with a consonant sound).
const VOWEL_SOUND = /^(?:[aeio](?!ne\b|nce\b)|u(?!ni|s[eu]|r[aeiou]))/i;

/** The article a word's opening sound takes: "an ideology", "a rule", "a unit", "a one-step scheme". */
export function indefiniteArticle(word: string): 'a' | 'an' {
  return VOWEL_SOUND.test(word) ? 'an' : 'a';
}

/**
 * The text so far with its closing "a"/"an" made to agree with the word that now follows it: a plain word put for the
 * book's ("a commonly used" -> "an often used") may open with another sound.
 */
export function articleFor(before: string, next: string): string {
  const match = /\b([Aa])(n?)(\s*)$/.exec(before);
  if (!match) return before;
  const article = `${match[1]}${VOWEL_SOUND.test(next) ? 'n' : ''}`;
  return `${before.slice(0, match.index)}${article}${match[3]}`;
}

/** A word of the topic or of the chapter's terms, by its lemma or as written. */
export function isKept(token: { lemma: string; normal: string }, keep: ReadonlySet<string>): boolean {
  return keep.has(token.lemma) || keep.has(token.lemma.toLowerCase()) || keep.has(token.normal.toLowerCase());
}

const LINKING_ADVERBS = new Set(hedges.linking);

const SUBJECT_TAGS = new Set(['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ', 'NUM']);

// "…, and soon found herself safe": a clause without its own subject cannot stand alone.
function startsWithSubject(clause: string): boolean {
  const [sentence] = analyseSegments([{ text: clause, origin: '', group: 0 }]);
  const first = sentence?.tokens.find((token) => token.isWord);
  return Boolean(first && SUBJECT_TAGS.has(first.pos) && !/^(?:also|then|too|so)$/i.test(first.value));
}
