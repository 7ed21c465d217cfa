import { z } from 'zod';
import { REVIEW_RATINGS } from '../constants/study.js';
import { userTextSchema } from '../user-text.js';

/** Most cards a chapter keeps, generated and added by hand together. */
export const FLASHCARD_MAX_PER_CHAPTER = 200;
export const FLASHCARD_TEXT_MAX_CHARS = 1000;
export const QUIZ_OPTIONS = 4;

export const FlashcardKindSchema = z.enum(['qa', 'cloze']);
export type FlashcardKind = z.infer<typeof FlashcardKindSchema>;

/** FSRS learning state: new (never reviewed), learning, review (learned), relearning (lapsed). */
export const FlashcardStateSchema = z.enum(['new', 'learning', 'review', 'relearning']);
export type FlashcardState = z.infer<typeof FlashcardStateSchema>;

export const ReviewRatingSchema = z.enum(REVIEW_RATINGS, {
  error: 'rating must be one of again, hard, good or easy',
});
export type ReviewRating = z.infer<typeof ReviewRatingSchema>;

export const FlashcardSchema = z.object({
  id: z.uuid(),
  book_id: z.uuid(),
  chapter_id: z.uuid(),
  kind: FlashcardKindSchema,
  /** The question; a cloze card hides its answer as "_____". */
  front: z.string(),
  back: z.string(),
  /** Printed page label the answer stands on. */
  page_label: z.string(),
  /** When the card is next due (ISO 8601); new cards are due at once. */
  due_at: z.string(),
  state: FlashcardStateSchema,
  /** Days from the last review to `due_at`; 0 while new or learning within the day. */
  interval_days: z.number(),
  reps: z.number().int(),
  manual: z.boolean(),
  /** When each rating would make the card due next (ISO 8601), for the buttons' intervals. */
  next_due: z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() }),
});
export type Flashcard = z.infer<typeof FlashcardSchema>;
export const FlashcardListSchema = z.array(FlashcardSchema);

const CardText = (field: string) =>
  userTextSchema({ error: `${field} is required`, multiline: true })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(FLASHCARD_TEXT_MAX_CHARS, `${field} can be at most ${FLASHCARD_TEXT_MAX_CHARS} characters long`);
const PageLabel = userTextSchema({ error: 'page_label must be text' })
  .trim()
  .min(1, 'page_label cannot be empty')
  .max(32, 'page_label can be at most 32 characters long');

export const CreateFlashcardRequestSchema = z.object({
  kind: FlashcardKindSchema.default('qa'),
  front: CardText('front'),
  back: CardText('back'),
  page_label: PageLabel,
});
export type CreateFlashcardRequest = z.input<typeof CreateFlashcardRequestSchema>;

export const UpdateFlashcardRequestSchema = z
  .object({ front: CardText('front'), back: CardText('back'), page_label: PageLabel })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of front, back or page_label');
export type UpdateFlashcardRequest = z.input<typeof UpdateFlashcardRequestSchema>;

export const ReviewRequestSchema = z.object({ rating: ReviewRatingSchema });
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

/** Cards due now, oldest first (at most `limit`), and how many are due in all and per book. */
export const DueQueueSchema = z.object({
  due_count: z.number().int(),
  by_book: z.record(z.string(), z.number().int()),
  cards: FlashcardListSchema,
});
export type DueQueue = z.infer<typeof DueQueueSchema>;

export const FlashcardExportQuerySchema = z.object({
  format: z.enum(['apkg', 'csv'], { error: 'format must be apkg or csv' }),
});

export const QuizQuestionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(z.string()).length(QUIZ_OPTIONS),
  page_label: z.string(),
});
export const QuizSchema = z.object({
  id: z.uuid(),
  chapter_id: z.uuid(),
  questions: z.array(QuizQuestionSchema),
});
export type Quiz = z.infer<typeof QuizSchema>;
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

export const QuizAnswersRequestSchema = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.string({ error: 'question_id is required' }).min(1, 'question_id is required'),
        choice: z
          .number({ error: 'choice must be the number of an option, 0 to 3' })
          .int('choice must be the number of an option, 0 to 3')
          .min(0, 'choice must be the number of an option, 0 to 3')
          .max(QUIZ_OPTIONS - 1, 'choice must be the number of an option, 0 to 3'),
      }),
      { error: 'answers must be a list' },
    )
    .min(1, 'Answer at least one question'),
});
export type QuizAnswersRequest = z.infer<typeof QuizAnswersRequestSchema>;

export const QuizResultSchema = z.object({
  attempt_id: z.uuid(),
  score: z.number().int(),
  total: z.number().int(),
  results: z.array(
    z.object({
      question_id: z.string(),
      choice: z.number().int().nullable(),
      correct: z.boolean(),
      correct_choice: z.number().int(),
      explanation: z.string(),
      page_label: z.string(),
    }),
  ),
});
export type QuizResult = z.infer<typeof QuizResultSchema>;

export const ChapterProgressSchema = z.object({
  chapter_id: z.uuid(),
  /** The student has read the chapter's notes (opened them and scrolled through, or marked them read). */
  summary_read: z.boolean(),
  cards_total: z.number().int(),
  /** Cards in the FSRS review state: recalled across days. */
  cards_learned: z.number().int(),
  cards_due: z.number().int(),
  /** Best practice-quiz score, 0..1; null before any attempt. */
  best_quiz_score: z.number().nullable(),
  quiz_attempts: z.number().int(),
});
export const StudyProgressSchema = z.array(ChapterProgressSchema);
export type ChapterProgress = z.infer<typeof ChapterProgressSchema>;

/** PUT /chapters/{id}/summary-read: the chapter's notes were read (true) or should count as unread again (false). */
export const SummaryReadRequestSchema = z.object({
  read: z.boolean({ error: 'read must be true or false' }),
});
export type SummaryReadRequest = z.infer<typeof SummaryReadRequestSchema>;

export const SummaryReadSchema = z.object({
  chapter_id: z.uuid(),
  summary_read: z.boolean(),
  /** When the notes were first read (ISO 8601); null while unread. */
  read_at: z.string().nullable(),
});
export type SummaryRead = z.infer<typeof SummaryReadSchema>;

/** One graded attempt at a chapter's quizzes, for the history on the quiz screen. */
export const QuizAttemptSchema = z.object({
  id: z.uuid(),
  quiz_id: z.uuid(),
  score: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
});
export type QuizAttempt = z.infer<typeof QuizAttemptSchema>;
/** Newest first. */
export const QuizAttemptListSchema = z.array(QuizAttemptSchema);
