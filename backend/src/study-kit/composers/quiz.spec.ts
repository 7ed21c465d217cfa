import { biologyPageText } from '../../../test/fixtures/study-text.js';
import type { ChapterInput } from '../types.js';
import { buildOfflineQuiz } from './quiz.js';

const chapter = (chapterTitle: string): ChapterInput => ({
  bookTitle: 'Biology Basics',
  chapterTitle,
  language: 'en',
  pages: Array.from({ length: 6 }, (_, index) => ({ label: String(12 + index), text: biologyPageText(0, index) })),
});

describe(buildOfflineQuiz.name, () => {
  it.each(['Preface', 'References', 'Acknowledgements'])('asks nothing of front or back matter (%s)', (title) => {
    expect(buildOfflineQuiz({ chapter: chapter(title), bookConcepts: [] })).toEqual([]);
  });

  it('asks of a chapter of the body', () => {
    expect(
      buildOfflineQuiz({ chapter: chapter('Energy in Living Things'), bookConcepts: [] }).length,
    ).toBeGreaterThanOrEqual(5);
  });
});
