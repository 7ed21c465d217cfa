import { biologyPageText } from '../../../test/fixtures/study-text.js';
import type { ChapterInput } from '../types.js';
import { isStopWord, standsOn, wordsOf } from './answer-support.js';
import { buildOfflineFlashcards, CLOZE_BLANK } from './cards.js';
import { buildOfflineQuiz } from './quiz.js';

const chapter: ChapterInput = {
  bookTitle: 'Biology Basics',
  chapterTitle: 'Photosynthesis',
  language: 'en',
  pages: [
    { label: '12', text: `Photosynthesis\n${biologyPageText(0, 0)}` },
    { label: '13', text: biologyPageText(0, 1) },
  ],
};

describe('offline study studio', () => {
  const cards = buildOfflineFlashcards(chapter);

  it('makes definition and cloze cards whose answers stand on the cited page', () => {
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(cards.find((card) => card.front === 'What is Photosynthesis?')?.back).toBe(
      'The process by which green plants turn light into chemical energy',
    );
    expect(cards.find((card) => card.front === 'What is the Calvin cycle?')?.pageLabel).toBe('13');
    const page = new Map(chapter.pages.map((p) => [p.label, p.text]));
    for (const card of cards) expect(standsOn(card.back, page.get(card.pageLabel)!)).toBe(true);
  });

  it('never repeats a card and never hides a stop word', () => {
    expect(new Set(cards.map((card) => card.front.toLowerCase())).size).toBe(cards.length);
    for (const card of cards.filter((c) => c.kind === 'cloze')) {
      expect(card.front).toContain(CLOZE_BLANK);
      expect(wordsOf(card.back).every(isStopWord)).toBe(false);
    }
    expect(cards.some((card) => card.kind === 'cloze' && card.back === 'grana')).toBe(true);
  });

  it('writes a quiz of at least five questions with four distinct options drawn from real concepts', () => {
    const quiz = buildOfflineQuiz({ chapter, bookConcepts: ['glycolysis', 'mitochondrion'] }, cards);
    expect(quiz.length).toBeGreaterThanOrEqual(5);
    const concepts = new Set(
      [...cards.map((card) => card.concept), 'glycolysis', 'mitochondrion'].map((c) => c.toLowerCase()),
    );
    for (const question of quiz) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(question.answer).toBeGreaterThanOrEqual(0);
      expect(question.explanation).toMatch(/[.!]$/);
      // The right option is the concept the source sentence names.
      expect(question.explanation.toLowerCase()).toContain(question.options[question.answer]!.toLowerCase());
    }
    expect(quiz.some((question) => question.options.some((option) => concepts.has(option.toLowerCase())))).toBe(true);
  });
});

describe('offline quiz of a short chapter', () => {
  // One page: too few concepts of its own to fill three distractors for each of five questions.
  const short: ChapterInput = {
    bookTitle: 'Biology Basics',
    chapterTitle: 'Food Chains',
    language: 'en',
    pages: [{ label: '40', text: biologyPageText(1, 1) }],
  };
  const otherChapters = [0, 2, 4].flatMap((page) => [{ label: String(page + 10), text: biologyPageText(0, page) }]);

  it('still asks five questions, with distractors taken from the other chapters of the book', () => {
    const quiz = buildOfflineQuiz({ chapter: short, bookConcepts: [], bookPages: otherChapters });
    expect(quiz.length).toBeGreaterThanOrEqual(5);
    const elsewhere = otherChapters.map((page) => page.text.toLowerCase()).join(' ');
    for (const question of quiz) {
      expect(new Set(question.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(question.explanation.toLowerCase()).toContain(question.options[question.answer]!.toLowerCase());
    }
    const borrowed = quiz.flatMap((q) =>
      q.options.filter((o, i) => i !== q.answer && elsewhere.includes(o.toLowerCase())),
    );
    expect(borrowed.length).toBeGreaterThan(0);
  });
});
