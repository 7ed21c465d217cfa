import { drawPractice, shareByLength } from './practice-draw.js';

const chapters = [
  { id: 'a', pages: 10 },
  { id: 'b', pages: 20 },
  { id: 'c', pages: 30 },
];
const questions = chapters.flatMap((chapter) =>
  Array.from({ length: 25 }, (_, index) => ({ id: `${chapter.id}${index}`, chapterId: chapter.id, lastAskedAt: null })),
);

describe(drawPractice.name, () => {
  it('shares the questions by chapter length', () => {
    const drawn = drawPractice(chapters, questions, 30, 1);
    const count = (id: string) => drawn.filter((question) => question.chapterId === id).length;
    expect([count('a'), count('b'), count('c')]).toEqual([5, 10, 15]);
    expect(new Set(drawn.map((question) => question.id)).size).toBe(30);
  });

  it('mixes chapters rather than asking them one after another', () => {
    const drawn = drawPractice(chapters, questions, 30, 7);
    const runs = drawn.filter(
      (question, index) => index > 0 && question.chapterId !== drawn[index - 1]!.chapterId,
    ).length;
    expect(runs).toBeGreaterThan(5);
  });

  it('prefers questions not asked recently on a retake', () => {
    const first = drawPractice(chapters, questions, 30, 3);
    const asked = new Set(first.map((question) => question.id));
    const after = questions.map((question) => ({ ...question, lastAskedAt: asked.has(question.id) ? 1000 : null }));
    const retake = drawPractice(chapters, after, 30, 4);
    // Only chapter c (15 of 25 asked, 15 wanted again) must repeat some: 5, the fewest it can.
    const repeated = retake.filter((question) => asked.has(question.id));
    expect(repeated).toHaveLength(5);
    expect(new Set(repeated.map((question) => question.chapterId))).toEqual(new Set(['c']));
  });

  it('passes the share of a chapter that runs out to the others', () => {
    const shares = shareByLength(
      chapters,
      new Map([
        ['a', 25],
        ['b', 25],
        ['c', 3],
      ]),
      30,
    );
    expect(shares.get('c')).toBe(3);
    expect([...shares.values()].reduce((sum, share) => sum + share, 0)).toBe(30);
    expect(shares.get('b')!).toBeGreaterThan(shares.get('a')!);
  });
});
