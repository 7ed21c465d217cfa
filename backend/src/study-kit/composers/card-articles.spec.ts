import quizChapters from '../fixtures/quiz-chapters.json' with { type: 'json' };
import { analyseChapter } from '../analyse-chapter.js';
import type { ChapterInput } from '../types.js';
import { chapterCards, indefiniteArticleOf } from './cards.js';

// Passages of three books as the product extracts them.
const books = quizChapters.chapters as Record<string, { chapter: ChapterInput }>;
const sentencesOf = (book: string) => analyseChapter(books[book]!.chapter).sentences;

describe(indefiniteArticleOf.name, () => {
  it.each([
    // The chapter counts them: "a congruence", "an integer", "an equivalence relation".
    ['levin', 'congruence', 'a'],
    ['levin', 'integer', 'an'],
    ['levin', 'equivalence relation', 'an'],
    ['langtangen', 'dimensionless number', 'a'],
    ['langtangen', 'investment', 'an'],
    ['openstax', 'carbon tax', 'a'],
    // Written bare or with "the" only: a field, a method, a mass noun.
    ['levin', 'number theory', null],
    ['levin', 'division algorithm', null],
    ['langtangen', 'scaling', null],
    ['langtangen', 'population dynamics', null],
    ['openstax', 'political culture', null],
    ['openstax', 'majority rule', null],
  ])('%s: “%s” takes %s', (book, term, article) => {
    expect(indefiniteArticleOf(term, sentencesOf(book))).toBe(article);
  });

  it('gives a name no article', () => {
    expect(indefiniteArticleOf('Diophantine equation', sentencesOf('levin'))).toBeNull();
  });
});

describe('a glossary card asks for its term as the chapter writes it', () => {
  const fronts = chapterCards(analyseChapter(books.openstax!.chapter)).map((card) => card.front);

  it('with the article of a noun the chapter counts, bare for a mass noun, “are” for a plural', () => {
    expect(fronts).toContain('What is a carbon tax?');
    expect(fronts).toContain('What is political culture?');
    expect(fronts).toContain('What is majority rule?');
    expect(fronts).toContain('What are conformity costs?');
  });
});
