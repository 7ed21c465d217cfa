import type { AnalysedSentence } from '../text/chapter-text.js';
import { normalise, wordsOf } from './answer-support.js';
import lookingVerbs from '../data/looking-verbs.json' with { type: 'json' };

/** A "how" or "what for" card from one of the book's purpose sentences, with the term it asks about. */
export interface PurposeCard {
  kind: 'qa';
  front: string;
  back: string;
  term: string;
}

// "To verify that two statements are logically equivalent, you can make a truth table …": a goal, then the way the
// book reaches it, said to the reader or to anyone ("we", "you", "one").
const GOAL_THEN_WAY =
  /^(?:To|In\s+order\s+to)\s+(\p{Ll}[^,;:]{8,120}?),\s+(?:we|you|one)\s+(?:(?:can|must|should|may|will|need\s+to)\s+)?(?:(?:first|also|always|simply)\s+)?(\p{Ll}[^;:]{8,200}?)[.]$/u;
// "We can use Pascal's triangle to calculate binomial coefficients.": a tool and what it does, in the reader's voice.
const TOOL_FOR =
  /^(?:We|You|One)\s+can\s+(?:also\s+)?use\s+([^,;:]{3,60}?)\s+to\s+(\p{Ll}+)\s+((?:the\s+|an?\s+)?[^,;:]{3,80}?)[.]$/u;
// A goal or a way that leans on what the page shows or said before ("this", "the following", "above"), or on the
// reader's own things ("your phone", "to learn more about them"): no card stands on it alone.
const LEANS = /\b(?:this|these|those|such|it|them|they|here|above|below|following|previous|next|your|more|example)\b/iu;
// A symbol, a number or a formula: what the card's front would show without its formula.
// A lone letter is a symbol, the articles "a" and "I" aside.
const SYMBOLIC = /[\p{N}=+<>≡∆∑∫√^_()[\]{}|/\\]|(?<![\p{L}’'-])(?![aAI](?![\p{L}’'-]))\p{L}(?![\p{L}’'-])/u;
const MAX_ANSWER_WORDS = 5;
const LOOKING_VERBS = new Set(lookingVerbs.verbs);
const NEGATED = /^(?:cannot|can['’]t|do\s+not|don['’]t|never|not)\b/iu;

/**
 * A "how" card from a goal the book states before the way to it: "To verify that two statements are logically
 * equivalent, you can make a truth table for each and check whether the columns for the two statements are
 * identical." asks "How can one verify that two statements are logically equivalent?"; "To determine whether civil
 * rights abuses are occurring, one must ask whether similarly situated persons are being treated differently." asks
 * "How can one determine whether civil rights abuses are occurring?". The goal must name one of the book's terms; a goal
 * or way that leans on the page ("To prove this", "we give the following definitions"), on an example's symbols ("To
 * find g (2)") or on the reader's own things ("To learn more …, you can explore …") gives no card.
 */
export function howCard(sentence: AnalysedSentence, bookTerms: readonly string[]): PurposeCard | null {
  const found = GOAL_THEN_WAY.exec(sentence.text.trim());
  if (!found) return null;
  const [, goal, way] = found;
  if (!standsAlone(goal!) || !standsAlone(way!)) return null;
  // "To see how …, you can experiment …" walks the reader through a look; "we cannot just reverse and add" is no way.
  if (LOOKING_VERBS.has(wordsOf(goal!)[0]!) || NEGATED.test(way!)) return null;
  const term = termIn(goal!, bookTerms);
  if (!term) return null;
  return { kind: 'qa', front: `How can one ${goal}?`, back: `${capitalise(way!)}.`, term };
}

/**
 * A "what for" card from a tool the book says one can use: "We can use generating functions to solve recurrence
 * relations." asks "What can generating functions be used to solve?" (recurrence relations), where the thing done is
 * a short term; else "What can … be used for?" with the whole purpose. The tool must be one of the book's terms and lean
 * on nothing ("We can use this behavior to …").
 */
export function toolCard(sentence: AnalysedSentence, bookTerms: readonly string[]): PurposeCard | null {
  const found = TOOL_FOR.exec(sentence.text.trim());
  if (!found) return null;
  const [, tool, verb, object] = found;
  if (!standsAlone(tool!) || !standsAlone(object!)) return null;
  const term = termIn(tool!, bookTerms);
  if (!term) return null;
  const thing = object!.replace(/^(?:the|an?)\s+/i, '');
  if (wordsOf(thing).length <= MAX_ANSWER_WORDS && termIn(thing, bookTerms))
    return { kind: 'qa', front: `What can ${tool} be used to ${verb}?`, back: thing, term: thing };
  return { kind: 'qa', front: `What can ${tool} be used for?`, back: `To ${verb} ${object}.`, term };
}

function standsAlone(part: string): boolean {
  return !LEANS.test(part) && !SYMBOLIC.test(part);
}

/** The book's term the text names, longest first: "logically equivalent" before "equivalent". */
function termIn(text: string, bookTerms: readonly string[]): string | null {
  const words = ` ${normalise(text)} `;
  const named = bookTerms
    .filter((term) => {
      const key = normalise(term);
      return key.length > 2 && (words.includes(` ${key} `) || words.includes(` ${key}s `));
    })
    .sort((a, b) => b.length - a.length);
  return named[0] ?? null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
