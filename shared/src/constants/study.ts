// Plain values of the study tools, kept apart from their zod schemas: a page that only shows a card (the chapter
// page writes a cloze card's blank) must not load zod with them.

/** A review's answers, from forgot to effortless (FSRS's four ratings). */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;

/** The blank of a fill-in-the-blank card's front; its back is the word that fills it. */
export const CLOZE_BLANK = '_____';
