import type { AnswerPassage, BookInput, ChapterInput, FlashcardsInput, QuizInput } from './study-engine.port.js';

/** One unit of offline work, as the engine sends it to the worker thread (its only shared word with the worker). */
export type OfflineTask =
  | { op: 'chapterNotes'; input: ChapterInput }
  | { op: 'bookNotes'; input: BookInput }
  | { op: 'topics'; input: ChapterInput }
  | { op: 'eli12'; input: { topic: string; chapter: ChapterInput } }
  | { op: 'answer'; input: { question: string; passages: AnswerPassage[] } }
  | { op: 'flashcards'; input: FlashcardsInput }
  | { op: 'quiz'; input: QuizInput };
