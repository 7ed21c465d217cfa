import { chapterState, examReadiness, recallAt, READINESS_WEIGHTS } from './readiness.js';

const DAY_MS = 86_400_000;
const EXAM = new Date('2026-12-16T09:00:00Z');

describe(examReadiness.name, () => {
  const chapters = [
    { id: 'a', bookId: 'b', title: 'A', read: true, lastPracticeScore: 0.9 },
    { id: 'b', bookId: 'b', title: 'B', read: false, lastPracticeScore: null },
  ];

  it('weighs recall at the exam time, chapters read and the last practice score into one figure', () => {
    const cards = [
      { chapterId: 'a', reviewed: true, stability: 30, lastReview: EXAM.getTime() - DAY_MS },
      { chapterId: 'a', reviewed: true, stability: 30, lastReview: EXAM.getTime() - DAY_MS },
      { chapterId: 'b', reviewed: false, stability: 0, lastReview: null },
      { chapterId: 'b', reviewed: false, stability: 0, lastReview: null },
    ];
    const result = examReadiness({ examId: 'e', examAt: EXAM, chapters, cards, lastPracticeScore: 0.5 });
    const recall = recallAt(cards[0]!, EXAM.getTime());
    expect(recall).toBeGreaterThan(0.95);
    expect(result.parts.recall).toBeCloseTo(recall / 2, 3);
    expect(result.parts.chapters_read).toBe(1);
    expect(result.readiness).toBeCloseTo(
      READINESS_WEIGHTS.recall * (recall / 2) + READINESS_WEIGHTS.chaptersRead * 0.5 + READINESS_WEIGHTS.practice * 0.5,
      3,
    );
    expect(result.chapters.map((chapter) => chapter.state)).toEqual(['ready', 'not_started']);
    expect(result.chapters[0]!.rule).toMatch(/^Read, cards expected recalled at 80%/);
  });

  it('expects less recall the further the exam is from the last review', () => {
    const card = { chapterId: 'a', reviewed: true, stability: 5, lastReview: 0 };
    expect(recallAt(card, 2 * DAY_MS)).toBeGreaterThan(recallAt(card, 20 * DAY_MS));
    expect(recallAt({ ...card, reviewed: false, lastReview: null }, DAY_MS)).toBe(0);
  });
});

describe(chapterState.name, () => {
  it.each([
    [{ read: false, reviewedCards: 0, recall: null, lastPracticeScore: null }, 'not_started'],
    [{ read: false, reviewedCards: 3, recall: 0.4, lastPracticeScore: null }, 'reading'],
    [{ read: true, reviewedCards: 0, recall: 0, lastPracticeScore: null }, 'reading'],
    [{ read: true, reviewedCards: 4, recall: 0.6, lastPracticeScore: 0.9 }, 'practising'],
    [{ read: true, reviewedCards: 4, recall: 0.85, lastPracticeScore: 0.7 }, 'practising'],
    [{ read: true, reviewedCards: 4, recall: 0.85, lastPracticeScore: 0.8 }, 'ready'],
  ] as const)('%j is %s', (chapter, state) => {
    expect(chapterState(chapter)).toBe(state);
  });
});
