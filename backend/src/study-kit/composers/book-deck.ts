import type { FlashcardDraft } from '../types.js';
import { normalise } from './answer-support.js';

/** What a card asks and answers: all a deck needs to tell whether another card repeats it. */
export type DeckCard = Pick<FlashcardDraft, 'front' | 'back'>;

// "What is a social movement?" and "What is a social movement in politics?" answered alike ask one thing: a question's
// first words carry what it asks; the rest is often the book's wording of the same term.
const GIST_WORDS = 6;

/**
 * The cards a book already has, to keep a new chapter's cards from repeating them. A card repeats another when it asks
 * the same (the same front, case, punctuation and articles aside) or gives the same answer to a question that opens the same
 * way: a glossary printing one term with one meaning in three chapters makes one card, not three.
 */
export class BookDeck {
  private readonly fronts = new Set<string>();
  private readonly gists = new Set<string>();

  constructor(cards: readonly DeckCard[] = []) {
    for (const card of cards) this.add(card);
  }

  /** True when the book already has a card asking this, or answering it alike. */
  repeats(card: DeckCard): boolean {
    const front = questionOf(card);
    return (front.length > 0 && this.fronts.has(front)) || gistsOf(card).some((gist) => this.gists.has(gist));
  }

  add(card: DeckCard): void {
    const front = questionOf(card);
    if (!front) return;
    this.fronts.add(front);
    for (const gist of gistsOf(card)) this.gists.add(gist);
  }
}

/** The cards that repeat none before them nor any of the book's: for an engine whose cards come whole (the model's). */
export function withoutRepeats<T extends DeckCard>(cards: readonly T[], bookCards: readonly DeckCard[] = []): T[] {
  const deck = new BookDeck(bookCards);
  return cards.filter((card) => {
    if (deck.repeats(card)) return false;
    deck.add(card);
    return true;
  });
}

// "What is a state?" and "What is state?" answered alike ask one thing: one chapter's text counts the noun, another's not.
const ARTICLES = new Set(['a', 'an', 'the']);

/** What a card asks, case, punctuation and articles aside: "What is a constitution?" asks "What is constitution?". */
function questionOf(card: DeckCard): string {
  return withoutArticles(normalise(card.front).split(' ')).join(' ');
}

function withoutArticles(words: string[]): string[] {
  return words.filter((word) => !ARTICLES.has(word));
}

/** A card's answer with its question's opening, as written and without articles: two keys, either one a repeat. */
function gistsOf(card: DeckCard): string[] {
  const words = normalise(card.front).split(' ');
  const opening = (kept: string[]) => `${normalise(card.back)}|${kept.slice(0, GIST_WORDS).join(' ')}`;
  return [opening(words), opening(withoutArticles(words))];
}
