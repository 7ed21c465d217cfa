import type { AnalysedSentence } from '../text/chapter-text.js';
import { isStopWord, wordsOf } from './answer-support.js';

/** A card asking the other name the book gives a term, with that name as its answer. */
export interface AliasCard {
  kind: 'qa';
  front: string;
  back: string;
  term: string;
}

// ", often called RK4", " (also known as a Platonic solid)", " (or sometimes residue class)": the book gives a thing it
// has just named another name. After the marker, the other name runs to the next comma, bracket or full stop.
const HEDGE = String.raw`(also|often|sometimes|commonly|usually)`;
const NAMING = String.raw`(called|known\s+as|referred\s+to\s+as|abbreviated)`;
const ALIAS_MARKER = new RegExp(
  String.raw`(?:,\s+${HEDGE}\s+${NAMING}|\s+\(\s*(?:or\s+)?${HEDGE}(?:\s+${NAMING})?)\s+(?:(?:the|an?)\s+)?([^,;:()."“”]{2,60}?)(?=\s*[,;:().]|\s*$)`,
  'u',
);
// The name before the marker, as written: words, and a bracketed abbreviation after it ("Multinational corporations
// (MNCs)") left aside.
const ABBREVIATION = /\s*\(\p{Lu}[\p{L}\p{N}]{1,8}\)$/u;
const NAME_WORD = /^[\p{L}\p{N}][\p{L}\p{N}’'-]*$/u;
const ARTICLES = new Set(['the', 'a', 'an']);
const MAX_NAME_WORDS = 6;
const MAX_ALIAS_WORDS = 5;
// "In a parliamentary system, the head of the executive, often called the prime minister, …": a frame the card's front
// would drop, and the name holds only inside it.
const SCOPE_FRAME = /^(?:In|Within|Among|Under|For)\b[^,]{0,80},/u;

/**
 * A card on the other name the book gives one of its terms: "The perhaps most widely used method to solve ODEs is the
 * 4th-order Runge-Kutta method, often called RK4." asks "What is the 4th-order Runge-Kutta method often called?" (RK4);
 * "… libertarianism (also called classical liberalism) …" asks "What is libertarianism also called?". The name must be
 * a whole noun phrase that names a thing by itself: not one of a phrase pointing back ("such programs", "their Miranda
 * rights"), not the object of a preposition inside a longer phrase ("the spacing between the mesh points", "the head
 * of the executive"), not held by a frame the front would drop ("In these systems, …"). The other name is a term
 * (`isTerm`), so the short answer is one of the book's words, never a generic one.
 */
export function aliasCard(sentence: AnalysedSentence, isTerm: (text: string) => boolean): AliasCard | null {
  const marker = ALIAS_MARKER.exec(sentence.text);
  if (!marker) return null;
  const [, commaHedge, commaNaming, bracketHedge, bracketNaming, alias] = marker;
  const hedge = (commaHedge ?? bracketHedge)!;
  const naming = (commaNaming ?? bracketNaming ?? 'called').replace(/\s+/g, ' ');
  const before = sentence.text.slice(0, marker.index).replace(ABBREVIATION, '');
  if (SCOPE_FRAME.test(before)) return null;
  const name = nameBefore(before, sentence);
  const other = alias!.trim();
  if (!name || wordsOf(other).length > MAX_ALIAS_WORDS || !isTerm(other)) return null;
  if (wordsOf(name.text).join(' ') === wordsOf(other).join(' ')) return null;
  const verb = name.plural ? 'are' : 'is';
  const asked = naming === 'abbreviated' ? 'abbreviated as' : naming;
  return { kind: 'qa', front: `What ${verb} ${name.text} ${hedge} ${asked}?`, back: other, term: other };
}

/**
 * The noun phrase just before the marker, with its article: "the 4th-order Runge-Kutta method", "a remainder class
 * modulo b", "the method of manufactured solutions" ("of" joins a name when what follows it has no article of its own).
 */
function nameBefore(before: string, sentence: AnalysedSentence): { text: string; plural: boolean } | null {
  const words = before.trim().split(/\s+/);
  const kept: string[] = [];
  let at = words.length - 1;
  while (at >= 0 && kept.length < MAX_NAME_WORDS) {
    const word = words[at]!;
    const lower = word.toLowerCase();
    // An article after "of" stops the walk first: "the head of the executive" is no name of its own.
    if (lower === 'of' && kept.length && at > 0) {
      kept.unshift(word);
      at -= 1;
      continue;
    }
    if (!NAME_WORD.test(word) || isStopWord(lower)) break;
    kept.unshift(word);
    at -= 1;
  }
  // "of" must join two parts of the name, never open it.
  while (kept[0]?.toLowerCase() === 'of') kept.shift();
  if (!kept.length) return null;
  const opening = words[at];
  const article = opening && ARTICLES.has(opening.toLowerCase()) ? opening : null;
  if (article) at -= 1;
  const previous = words[at];
  // The name must open its own phrase: at the sentence's start, after punctuation, after a verb ("is the …") or a
  // naming verb's "as" ("known as the method of …").
  const namedAs = previous?.toLowerCase() === 'as' && at > 0 && isVerb(words[at - 1]!, sentence);
  if (previous !== undefined && !/[,:;)]$/.test(previous) && !isVerb(previous, sentence) && !namedAs) return null;
  if (!isNoun(kept.at(-1)!, sentence)) return null;
  // "the method of manufactured solutions" is one method: the head noun stands before "of".
  const ofAt = kept.findIndex((word) => word.toLowerCase() === 'of');
  const head = ofAt > 0 ? kept[ofAt - 1]! : kept.at(-1)!;
  const first = article ? article.toLowerCase() : kept[0]!;
  const rest = article ? kept : kept.slice(1);
  const text = [atStart(first, previous === undefined), ...rest].join(' ');
  const plural = !article?.match(/^an?$/i) && /[^su]s$/.test(head) && !/ss$/.test(head);
  return { text, plural };
}

function isVerb(word: string, sentence: AnalysedSentence): boolean {
  return sentence.tokens.some((token) => token.value === word && (token.pos === 'VERB' || token.pos === 'AUX'));
}

function isNoun(word: string, sentence: AnalysedSentence): boolean {
  const last = word.split('-').at(-1)!;
  return sentence.tokens.some(
    (token) => (token.value === word || token.value === last) && (token.pos === 'NOUN' || token.pos === 'PROPN'),
  );
}

// A sentence's opening capital is no spelling: "Multinational corporations" asks about "multinational corporations".
function atStart(word: string, opensSentence: boolean): string {
  return opensSentence && /^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word;
}
