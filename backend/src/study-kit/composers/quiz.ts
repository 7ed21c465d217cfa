import { extractKeyphrases } from '../ranking/keyphrases.js';
import type { QuizInput, QuizQuestionDraft } from '../types.js';
import { analysedSentences, hashOf, normalise, wordsOf } from './answer-support.js';
import { buildOfflineFlashcards, isMatterChapter, termClozes, type StudioCard } from './cards.js';
import { isConcept, isGenericWord } from './concepts.js';
import type { AnalysedChapter } from '../analyse-chapter.js';

export const MIN_QUIZ_QUESTIONS = 5;
// A chapter of ten pages or more gets ten questions at least; a long one more, up to a sitting's worth.
const MIN_CHAPTER_QUESTIONS = 10;
const MAX_QUIZ_QUESTIONS = 15;

/**
 * An offline practice quiz: each question asks for the concept of a definition or a cloze sentence of the
 * chapter, with three distractors that are other concepts of the same book (this chapter's key phrases and
 * the book's other concepts), chosen to resemble the answer in length. The explanation is the source sentence.
 */
export function buildOfflineQuiz(
  input: QuizInput,
  cards = buildOfflineFlashcards(input.chapter),
  chapter?: AnalysedChapter,
): QuizQuestionDraft[] {
  // A preface, a bibliography or an index teaches nothing to be examined on.
  if (isMatterChapter(input.chapter)) return [];
  // A short chapter: looser candidates too, so the quiz still reaches its questions.
  let loose: StudioCard[] | undefined;
  const looseCards = () => (loose ??= buildOfflineFlashcards(input.chapter, { relaxed: true }));
  const shortChapter = cards.length < MAX_QUIZ_QUESTIONS;
  const pool = conceptPool(input, [...cards, ...(shortChapter ? looseCards() : [])]);
  const questions: QuizQuestionDraft[] = [];
  // Some questions ask to apply an idea: which of these is an example of it.
  if (chapter) questions.push(...exampleQuestions(chapter, pool).slice(0, 4));
  const asked = new Set(questions.map((question) => question.prompt));
  const askedTerms = new Set<string>();
  const askedSentences = new Set<string>();
  const ask = (
    candidates: Iterable<StudioCard>,
    { newTermsOnly, upTo = MAX_QUIZ_QUESTIONS }: { newTermsOnly: boolean; upTo?: number },
  ) => {
    for (const card of candidates) {
      if (questions.length >= upTo) return;
      // A reserve card asks a term the quiz has not asked yet, from a sentence it has not quoted: the same key or the
      // same sentence twice tests one thing.
      if (newTermsOnly && (askedTerms.has(normalise(card.concept)) || askedSentences.has(card.sentence))) continue;
      const question = questionOf(card, pool);
      if (!question || asked.has(question.prompt)) continue;
      asked.add(question.prompt);
      askedTerms.add(normalise(card.concept));
      askedSentences.add(card.sentence);
      questions.push(question);
    }
  };
  // A question's key is a term: a definition's or a cloze's, never a reason or a sentence.
  ask(interleave(cards.filter(isTermCard)), { newTermsOnly: false });
  // Too few (a chapter whose cards mostly ask what it says of a term): the chapter's other terms in clozes; then the
  // looser candidates, which fill a short chapter's quiz and bring any chapter's to ten (they hide any recurring
  // phrase, so they come last and no further than needed).
  if (chapter && questions.length < MAX_QUIZ_QUESTIONS) ask(termClozes(chapter), { newTermsOnly: true });
  const looseUpTo = shortChapter ? MAX_QUIZ_QUESTIONS : MIN_CHAPTER_QUESTIONS;
  if (questions.length < looseUpTo) ask(looseCards().filter(isTermCard), { newTermsOnly: true, upTo: looseUpTo });
  return questions;
}

function isTermCard(card: StudioCard): boolean {
  return card.kind === 'cloze' || (!!card.definition && isConcept(card.concept));
}

/**
 * Candidate distractors, best kind first: concepts the cards test, then the book's (the student's cards of
 * other chapters), then the chapter's key phrases, then the concepts and key phrases of other chapters' pages.
 */
function conceptPool(input: QuizInput, cards: StudioCard[]): Array<{ concept: string; tier: number }> {
  const phrases = extractKeyphrases(analysedSentences(input.chapter.pages), 60).map((phrase) => phrase.text);
  const seen = new Set<string>();
  const pool: Array<{ concept: string; tier: number }> = [];
  const tiers = [cards.map((card) => card.concept), input.bookConcepts, phrases];
  const bookPages = input.bookPages ?? [];
  // Only a short chapter needs them: a long one has concepts enough of its own.
  if (bookPages.length && phrases.length + input.bookConcepts.length < 40) {
    const elsewhere = { ...input.chapter, pages: bookPages };
    tiers.push(
      buildOfflineFlashcards(elsewhere).map((card) => card.concept),
      extractKeyphrases(analysedSentences(bookPages), 60).map((phrase) => phrase.text),
    );
  }
  tiers.forEach((concepts, tier) => {
    for (const concept of concepts) {
      const key = normalise(concept);
      const words = key.split(' ');
      // "Photosynthesis Photosynthesis": a heading glued to its first line, not a concept.
      if (!key || seen.has(key) || !isConcept(concept) || new Set(words).size < words.length) continue;
      seen.add(key);
      pool.push({ concept: concept.trim(), tier });
    }
  });
  return pool;
}

// Definitions and cloze sentences alternate, so a quiz mixes both kinds of question.
function interleave(cards: StudioCard[]): StudioCard[] {
  const definitions = cards.filter((card) => card.definition);
  const clozes = cards.filter((card) => !card.definition);
  const mixed: StudioCard[] = [];
  for (let i = 0; i < Math.max(definitions.length, clozes.length); i += 1) {
    if (definitions[i]) mixed.push(definitions[i]!);
    if (clozes[i]) mixed.push(clozes[i]!);
  }
  return mixed;
}

function questionOf(card: StudioCard, pool: Array<{ concept: string; tier: number }>): QuizQuestionDraft | null {
  const prompt = card.definition
    ? `Which term is described as “${lowerFirst(card.definition.replace(/[.!]$/, ''))}”?`
    : `Which term completes the sentence: “${card.front}”`;
  const distractors = distractorsFor(card.concept, prompt, pool);
  if (distractors.length < 3) return null;
  const answer = hashOf(prompt) % 4;
  const options = [...distractors];
  options.splice(answer, 0, card.concept);
  return { prompt, options, answer, explanation: card.sentence, pageLabel: card.pageLabel };
}

function distractorsFor(concept: string, prompt: string, pool: Array<{ concept: string; tier: number }>): string[] {
  const answer = normalise(concept);
  const promptWords = ` ${normalise(prompt)} `;
  const size = wordsOf(concept).length;
  const candidates = pool.filter(({ concept: other }) => {
    const key = normalise(other);
    // Never the answer in other words, nor a phrase the prompt gives away.
    if (key === answer || key.includes(answer) || answer.includes(key)) return false;
    return !promptWords.includes(` ${key} `);
  });
  return candidates
    .map(({ concept: other, tier }) => ({
      other,
      // Concepts the chapter teaches first, then alike in length and in kind (a name among names).
      rank:
        (tier * 4 + Math.min(3, Math.abs(wordsOf(other).length - size)) + (isName(other) === isName(concept) ? 0 : 1)) *
          1e10 +
        hashOf(concept + other),
    }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, 3)
    .map(({ other }) => matchCase(other, concept));
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function isName(text: string): boolean {
  return /^[A-Z]/.test(text.trim());
}

// "Mitochondria" among "cell wall", "nucleus": options read alike unless one is a proper noun.
function matchCase(option: string, answer: string): string {
  if (/^[A-Z]{2,}/.test(option)) return option;
  const upper = /^[A-Z]/.test(answer);
  return upper ? option.charAt(0).toUpperCase() + option.slice(1) : option;
}

// "… political ideologies such as liberalism, conservatism and socialism": the book names examples of a kind.
const SUCH_AS = /\b((?:[\p{L}-]+\s+){0,2}[\p{L}-]+),?\s+(?:such as|including|like)\s+([^.;:()]+)/u;

/** "Which of these is an example of X?" from the examples the book itself names, distractors from the chapter's other concepts. */
function exampleQuestions(
  chapter: AnalysedChapter,
  pool: Array<{ concept: string; tier: number }>,
): QuizQuestionDraft[] {
  const questions: QuizQuestionDraft[] = [];
  const asked = new Set<string>();
  for (const sentence of chapter.sentences) {
    const found = SUCH_AS.exec(sentence.text);
    if (!found) continue;
    const kind = found[1]!.trim();
    // A kind of thing in two words at most ("Nordic countries", "traits"), not a clause's tail ("even basic necessities").
    if (!isConcept(kind) || wordsOf(kind).length > 2 || isGenericWord(kind) || asked.has(normalise(kind))) continue;
    const examples = found[2]!
      .split(/\s*,\s*|\s+(?:and|or)\s+/)
      .map((example) => example.replace(/^(?:and|or)\s+/, '').trim())
      .filter((example) => example && isConcept(example));
    if (examples.length < 2) continue;
    const key = examples[0]!;
    const named = new Set(examples.map(normalise));
    const prompt = `Which of these is an example of ${kind}?`;
    const distractors = distractorsFor(
      key,
      `${prompt} ${found[0]}`,
      pool.filter(({ concept }) => !named.has(normalise(concept)) && normalise(concept) !== normalise(kind)),
    );
    if (distractors.length < 3) continue;
    asked.add(normalise(kind));
    const answer = hashOf(prompt) % 4;
    const options = [...distractors];
    options.splice(answer, 0, key);
    questions.push({ prompt, options, answer, explanation: sentence.text, pageLabel: sentence.origin });
  }
  return questions;
}
