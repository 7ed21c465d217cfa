import quizChapters from '../fixtures/quiz-chapters.json' with { type: 'json' };
import { analyseChapter } from '../analyse-chapter.js';
import type { ChapterInput, QuizQuestionDraft } from '../types.js';
import { normalise } from './answer-support.js';
import { chapterCards, termClozes } from './cards.js';
import { buildOfflineQuiz } from './quiz.js';

// Passages of three books as the product extracts them, with the index entries pointing into them.
const books = quizChapters.chapters as Record<string, { chapter: ChapterInput }>;

function quizOf(book: string): { quiz: QuizQuestionDraft[]; cards: ReturnType<typeof chapterCards> } {
  const input = books[book]!.chapter;
  const analysed = analyseChapter(input);
  const cards = chapterCards(analysed);
  return { quiz: buildOfflineQuiz({ chapter: input, bookConcepts: [] }, cards, analysed), cards };
}

const keyOf = (question: QuizQuestionDraft) => normalise(question.options[question.answer]!);
const termCardCount = (cards: ReturnType<typeof chapterCards>) =>
  cards.filter((card) => card.kind === 'cloze' || card.definition).length;

describe('a quiz asks the chapter’s terms beyond what its cards ask', () => {
  it('reaches ten questions on a long chapter whose cards mostly ask what it says of a term (levin, number theory)', () => {
    const { quiz, cards } = quizOf('levin');
    // Cards, too few of them a term question (its formula-only clozes, "If a ≡ b (_____ n) …", are no cards now).
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(termCardCount(cards)).toBeLessThan(10);
    expect(quiz.length).toBeGreaterThanOrEqual(10);
    // "What does the chapter say about division algorithm?" is a card; the quiz asks the term itself. ("Divisibility
    // relation" is said only in the items of a worked solution, which are the example's, not the teaching text.)
    expect(cards.map((card) => card.front)).toContain('What does the chapter say about division algorithm?');
    expect(quiz.map(keyOf)).toContain('division algorithm');
  });

  it('asks a whole term of the chapter, not half of it (langtangen, population growth)', () => {
    const { quiz, cards } = quizOf('langtangen');
    expect(cards.every((card) => card.front.startsWith('What does the chapter say about'))).toBe(true);
    const keys = quiz.map(keyOf);
    expect(keys).toContain('growth rate');
    // "The growth _____ r of a population …" hid half the term.
    expect(quiz.some((question) => question.prompt.includes('growth _____'))).toBe(false);
  });

  it('keeps the questions of its cards first and asks no term twice (openstax, a chapter’s key terms)', () => {
    const { quiz, cards } = quizOf('openstax');
    const cardTerms = new Set(cards.filter((card) => card.definition).map((card) => normalise(card.concept)));
    const isExample = (question: QuizQuestionDraft) => question.prompt.startsWith('Which of these is an example of');
    const asked = quiz.filter((question) => !isExample(question));
    const firstOther = asked.findIndex((question) => !cardTerms.has(keyOf(question)));
    // The glossary's terms come first; the chapter's other terms only fill the rest, none of them a card's term.
    expect(firstOther).toBeGreaterThan(0);
    expect(asked.slice(firstOther).filter((question) => cardTerms.has(keyOf(question)))).toEqual([]);
    expect(new Set(quiz.map(keyOf)).size).toBe(quiz.length);
  });

  it.each(Object.keys(books))('hides each term once, in a sentence of its own, on the page it cites (%s)', (book) => {
    const input = books[book]!.chapter;
    const clozes = termClozes(analyseChapter(input));
    expect(clozes.length).toBeGreaterThan(0);
    expect(new Set(clozes.map((card) => normalise(card.concept))).size).toBe(clozes.length);
    expect(new Set(clozes.map((card) => card.sentence)).size).toBe(clozes.length);
    const pages = new Map(input.pages.map((page) => [page.label, normalise(page.text)]));
    for (const card of clozes) expect(pages.get(card.pageLabel)).toContain(normalise(card.back));
  });
});
