/** What the study kit reads (a chapter, its pages, a book) and what its composers produce. Plain data, no I/O. */

/** One page of a chapter: its printed page label (what readers cite, e.g. "143" or "xii") and its text. */
export interface StudyPage {
  label: string;
  text: string;
  /** Phrases the page sets in bold or italic, when the text layer tells them: a textbook's key terms among them. */
  emphasis?: readonly string[];
}

/** A chapter to study. `language` is the book's language (BCP 47 such as "en" or "fr"), null when unknown. */
export interface ChapterInput {
  bookTitle: string;
  chapterTitle: string;
  language: string | null;
  pages: StudyPage[];
  /** Entries of the book's back-of-book index that point into this chapter, when it has one. */
  indexTerms?: string[];
  /** A sample of the book's other pages: terms the whole book uses everywhere are not this chapter's topics. */
  bookPages?: StudyPage[];
}

/** A whole book, given by its chapter summaries (chapter-first: the book's text is read once). */
export interface BookInput {
  bookTitle: string;
  language: string | null;
  chapters: Array<{ number: number; title: string; summary: string }>;
}

/** A key topic of a chapter and the printed page labels it covers. */
export interface TopicDraft {
  title: string;
  pages: string[];
}

/** A retrieved page an answer may cite; `id` is the number the answer cites it by, as "[2]". */
export interface AnswerPassage {
  id: number;
  /** Where it comes from, for the model: "Biology Basics, p. 143". */
  source: string;
  text: string;
}

/** An answer whose claims cite passages as [n], and the words of each cited passage it relies on. */
export interface GroundedAnswer {
  text: string;
  citations: Array<{ passage: number; quote: string }>;
  /** False when the passages do not answer the question: `text` is then empty and `citations` are the closest passages. */
  answered?: boolean;
}

/** A flashcard drafted from a chapter. A cloze card's front hides its back as "_____". */
export interface FlashcardDraft {
  kind: 'qa' | 'cloze';
  front: string;
  back: string;
  /** Printed label of the page the answer stands on. */
  pageLabel: string;
}

/**
 * A chapter to make cards of, and the cards its book already has in other chapters: a card repeating one of them is
 * not made again (a term a later chapter's glossary prints again keeps its card in the first chapter).
 */
export interface FlashcardsInput extends ChapterInput {
  bookCards?: Array<Pick<FlashcardDraft, 'front' | 'back'>>;
}

export interface FlashcardDrafts {
  cards: FlashcardDraft[];
  /** Cards written by the model whose answer the cited page did not support (always 0 offline). */
  unsupported: number;
}

/** A chapter to quiz on, and concepts of the book's other chapters to draw distractors from. */
export interface QuizInput {
  chapter: ChapterInput;
  /** Concepts the student's cards of other chapters test. */
  bookConcepts: string[];
  /** A sample of pages from the book's other chapters: more real concepts for distractors when a chapter is short. */
  bookPages?: StudyPage[];
}

/** A multiple-choice question: four options, the index of the right one, a one-sentence explanation. */
export interface QuizQuestionDraft {
  prompt: string;
  options: string[];
  answer: number;
  explanation: string;
  pageLabel: string;
}
