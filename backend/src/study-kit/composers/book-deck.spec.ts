import { analyseChapter } from '../analyse-chapter.js';
import bookRepeats from '../fixtures/book-repeats.json' with { type: 'json' };
import openstaxCases from '../fixtures/openstax-political-science.cases.json' with { type: 'json' };
import { normalise } from './answer-support.js';
import { BookDeck, withoutRepeats, type DeckCard } from './book-deck.js';
import { chapterCards } from './cards.js';

// Real cards of the study kit on three books: what it made in an earlier chapter and what a later one would repeat.
const OPENSTAX_COMMUNISM_CH2 = {
  front: 'What is communism?',
  back: 'An economic system in which property is collectively owned and assumed to be used for the common good',
};
const OPENSTAX_COMMUNISM_CH3 = {
  front: 'What is communism?',
  back: 'In Marxism, the eventual condition that will emerge from the fall of capitalism, characterized by peace, justice, freedom from repressive laws and political supervision, and equality of material resources in a society without economic classes',
};
const LANGTANGEN_THETA_CH2 = bookRepeats.books.langtangen.earlierCards[0]!;
const LANGTANGEN_THETA_CH4 = {
  front: 'What does the chapter say about θ-rule?',
  back: 'The θ-rule unifies the three mentioned schemes.',
};
const [LEVIN_RECURRENCE_POINT, LEVIN_RECURRENCE_TRIANGLE] = bookRepeats.books.levin.earlierCards as [
  DeckCard,
  DeckCard,
];
const LEVIN_RECURRENCE_SOLVING = { front: 'Doing so is called solving a _____.', back: 'recurrence relation' };

describe('a book deck', () => {
  it('takes a card asking what an earlier chapter asks for a repeat, whatever its answer', () => {
    expect(new BookDeck([OPENSTAX_COMMUNISM_CH2]).repeats(OPENSTAX_COMMUNISM_CH3)).toBe(true);
    expect(new BookDeck([LANGTANGEN_THETA_CH2]).repeats(LANGTANGEN_THETA_CH4)).toBe(true);
    // Case and punctuation aside.
    expect(
      new BookDeck([LEVIN_RECURRENCE_POINT]).repeats({
        ...LEVIN_RECURRENCE_POINT,
        front: 'what does the chapter say about recurrence relation',
      }),
    ).toBe(true);
  });

  it('takes the same answer to a question opening the same way for a repeat', () => {
    const byMeaning = {
      front: 'Which term means: the systematic study of political phenomena using empirical or philosophical methods?',
      back: 'political science',
    };
    const reworded = { ...byMeaning, front: 'Which term means: the systematic study of political phenomena?' };
    expect(new BookDeck([byMeaning]).repeats(reworded)).toBe(true);
    const theta = { ...LANGTANGEN_THETA_CH4, front: 'What does the chapter say about the θ-rule?' };
    expect(new BookDeck([LANGTANGEN_THETA_CH4]).repeats(theta)).toBe(true);
    const clozeAgain = { ...LEVIN_RECURRENCE_TRIANGLE, front: `${LEVIN_RECURRENCE_TRIANGLE.front} (Pascal)` };
    expect(new BookDeck([LEVIN_RECURRENCE_TRIANGLE]).repeats(clozeAgain)).toBe(true);
  });

  it('takes a question differing only by its article for a repeat, and still one opening alike as written', () => {
    // OpenStax: one chapter's text counts "state", another's writes it bare; both glossaries give one meaning.
    const state = { front: 'What is state?', back: 'A defined geographic area with unified political authority' };
    expect(new BookDeck([state]).repeats({ ...state, front: 'What is a state?' })).toBe(true);
    // Another chapter's glossary gives "constitution" another meaning: asked "What is constitution?" it still asks again.
    const constitution = {
      front: 'What is a constitution?',
      back: 'A collection of the most basic principles of a country',
    };
    expect(
      new BookDeck([constitution]).repeats({
        front: 'What is constitution?',
        back: 'A framework, blueprint, or foundation for the operation of a government',
      }),
    ).toBe(true);
    // A question on a term of Levin's asked about one set or about sets: another question; without its article, the same.
    const multiset = { front: 'What is the name for a set in which elements may repeat?', back: 'multiset' };
    expect(
      new BookDeck([multiset]).repeats({
        ...multiset,
        front: 'What is the name for sets in which elements may repeat?',
      }),
    ).toBe(false);
    expect(
      new BookDeck([multiset]).repeats({ ...multiset, front: 'What is name for a set in which elements repeat?' }),
    ).toBe(true);
    // OpenStax's "power" in two chapters' glossaries: the same opening as written stays a repeat.
    const power = { front: 'Which term means: the ability to compel someone to act?', back: 'power' };
    expect(
      new BookDeck([power]).repeats({ ...power, front: 'Which term means: the ability to impose one’s will?' }),
    ).toBe(true);
  });

  it('keeps two facts about one term: another question, or the same answer to another statement', () => {
    expect(new BookDeck([LEVIN_RECURRENCE_POINT, LEVIN_RECURRENCE_TRIANGLE]).repeats(LEVIN_RECURRENCE_SOLVING)).toBe(
      false,
    );
    const thetaCloze = { front: 'The _____ unifies the three mentioned schemes.', back: 'θ-rule' };
    expect(new BookDeck([LANGTANGEN_THETA_CH2]).repeats(thetaCloze)).toBe(false);
    const communismByMeaning = {
      front: `Which term means: ${OPENSTAX_COMMUNISM_CH3.back.charAt(0).toLowerCase()}${OPENSTAX_COMMUNISM_CH3.back.slice(1)}?`,
      back: 'communism',
    };
    expect(new BookDeck([OPENSTAX_COMMUNISM_CH2]).repeats(communismByMeaning)).toBe(false);
  });

  it('leaves out of a finished deck the cards repeating the book or one before them, keeping the order', () => {
    const cards = [LANGTANGEN_THETA_CH4, OPENSTAX_COMMUNISM_CH3, LEVIN_RECURRENCE_SOLVING, OPENSTAX_COMMUNISM_CH2];
    expect(withoutRepeats(cards, [LANGTANGEN_THETA_CH2])).toEqual([OPENSTAX_COMMUNISM_CH3, LEVIN_RECURRENCE_SOLVING]);
    expect(withoutRepeats(cards)).toEqual(cards.slice(0, 3));
  });
});

/** True when a later card asks what an earlier asks: the same front, or the same answer and the same opening. */
function repeatsAny(card: DeckCard, earlier: readonly DeckCard[]): boolean {
  const opening = (front: string) => normalise(front).split(' ').slice(0, 6).join(' ');
  return earlier.some(
    (before) =>
      normalise(before.front) === normalise(card.front) ||
      (normalise(before.back) === normalise(card.back) && opening(before.front) === opening(card.front)),
  );
}

describe('cards of a chapter given the cards of the book', () => {
  const analysed = (book: 'levin' | 'langtangen') => {
    const { chapterTitle, indexTerms, pages } = bookRepeats.books[book];
    return analyseChapter({ bookTitle: '', chapterTitle, language: 'en', pages, indexTerms });
  };

  it('asks a term again only with another question (OpenStax: a later glossary prints the same terms)', () => {
    const earlier = analyseChapter({ bookTitle: '', language: 'en', ...bookRepeats.books.openstax });
    const earlierCards = chapterCards(earlier);
    expect(earlierCards).toContainEqual(expect.objectContaining(OPENSTAX_COMMUNISM_CH2));
    const glossary = openstaxCases.cases.find((bookCase) => bookCase.name.startsWith('a glossary meaning'))!;
    const later = analyseChapter({
      bookTitle: '',
      chapterTitle: 'Chapter 3: Political Ideology',
      language: 'en',
      pages: glossary.pages,
    });
    const alone = chapterCards(later);
    expect(alone).toContainEqual(expect.objectContaining(OPENSTAX_COMMUNISM_CH3));
    const cards = chapterCards(later, { bookCards: earlierCards });
    expect(cards.filter((card) => repeatsAny(card, earlierCards))).toEqual([]);
    // Its own meaning of "communism" and "direct democracy" is asked the other way round.
    expect(cards.find((card) => card.back === 'communism')?.front).toMatch(
      /^Which term means: in Marxism, the eventual/,
    );
    expect(cards.find((card) => card.back === 'direct democracy')?.front).toBe(
      'Which term means: a system in which the populace decides political matters by direct majority vote?',
    );
    // The terms no earlier chapter asked keep both their cards.
    expect(cards.map((card) => card.front)).toContain('What is cosmopolitanism?');
  });

  it('makes another card on a term an earlier chapter asked about (Langtangen: the θ-rule)', () => {
    const chapter = analysed('langtangen');
    expect(chapterCards(chapter)).toContainEqual(expect.objectContaining(LANGTANGEN_THETA_CH4));
    const cards = chapterCards(chapter, { bookCards: bookRepeats.books.langtangen.earlierCards });
    expect(cards.filter((card) => repeatsAny(card, bookRepeats.books.langtangen.earlierCards))).toEqual([]);
    expect(cards).toContainEqual(
      expect.objectContaining({ front: 'The _____ unifies the three mentioned schemes.', back: 'θ-rule' }),
    );
  });

  it('keeps a new fact about a term the book asked about before (Levin: recurrence relations)', () => {
    const chapter = analysed('levin');
    const cards = chapterCards(chapter, { bookCards: bookRepeats.books.levin.earlierCards });
    // Another statement about the term ("Doing so is called solving a _____." leans on the sentence before: no card).
    expect(cards).toContainEqual(expect.objectContaining({ kind: 'cloze', back: LEVIN_RECURRENCE_SOLVING.back }));
    // The chapter again, as regenerating it with its own cards counted would see it: nothing is made twice.
    expect(chapterCards(chapter, { bookCards: cards })).toEqual([]);
  });
});
