import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';

/*
 * Exam mode (issue 41): an exam on a date over chapters of one or more books, the day-by-day plan to it, a
 * question bank per book, practice exams and readiness.
 *
 * Time zone: users have no stored time zone, so each exam keeps the IANA name (`time_zone`, e.g. "Europe/Paris")
 * the client sends when it creates the exam (the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`);
 * UTC when it sends none. Plan dates (`YYYY-MM-DD`), "today" and the calendar's days are that zone's.
 */

export const EXAM_NAME_MAX_CHARS = 120;
export const EXAM_MAX_CHAPTERS = 100;
export const EXAM_DAILY_MINUTES_MIN = 10;
export const EXAM_DAILY_MINUTES_MAX = 720;
export const PRACTICE_QUESTIONS_MIN = 10;
export const PRACTICE_QUESTIONS_MAX = 100;
export const PRACTICE_TIME_LIMIT_MIN_S = 60;
export const PRACTICE_TIME_LIMIT_MAX_S = 6 * 3600;
export const QUESTION_TEXT_MAX_CHARS = 1000;
export const QUESTION_OPTIONS_MAX = 6;

/** True when the runtime knows the IANA time zone name (Intl throws a RangeError on an unknown one). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0 && name.length <= 64;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string({ error: 'time_zone must be an IANA time zone name such as Europe/Paris' })
  .refine(isTimeZone, 'time_zone must be an IANA time zone name such as Europe/Paris');

/** A calendar day in the exam's time zone. */
export const PlanDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ExamName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name cannot be empty')
  .max(EXAM_NAME_MAX_CHARS, `name can be at most ${EXAM_NAME_MAX_CHARS} characters long`);
const ExamAt = z.iso.datetime({
  offset: true,
  error: 'exam_at must be a date and time in ISO 8601 with its offset, such as 2026-12-18T09:00:00+01:00',
});
const ChapterIds = z
  .array(z.uuid({ error: 'chapter_ids must hold chapter ids' }), { error: 'chapter_ids must be a list of chapter ids' })
  .min(1, 'Choose at least one chapter')
  .max(EXAM_MAX_CHAPTERS, `An exam covers at most ${EXAM_MAX_CHAPTERS} chapters`)
  .refine((ids) => new Set(ids).size === ids.length, 'A chapter is listed twice');
const DailyMinutes = z
  .number({ error: 'daily_minutes must be a number of minutes' })
  .int('daily_minutes must be a whole number of minutes')
  .min(EXAM_DAILY_MINUTES_MIN, `daily_minutes must be at least ${EXAM_DAILY_MINUTES_MIN}`)
  .max(EXAM_DAILY_MINUTES_MAX, `daily_minutes can be at most ${EXAM_DAILY_MINUTES_MAX}`);

/** POST /exams. `exam_at` must be in the future; the chapters must be yours and their books processed. */
export const CreateExamRequestSchema = z.object({
  name: ExamName,
  exam_at: ExamAt,
  chapter_ids: ChapterIds,
  daily_minutes: DailyMinutes,
  time_zone: TimeZoneSchema.default('UTC'),
});
export type CreateExamRequest = z.input<typeof CreateExamRequestSchema>;

/** PATCH /exams/{id}: any of the fields; the plan follows. */
export const UpdateExamRequestSchema = z
  .object({
    name: ExamName,
    exam_at: ExamAt,
    chapter_ids: ChapterIds,
    daily_minutes: DailyMinutes,
    time_zone: TimeZoneSchema,
  })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Send at least one of name, exam_at, chapter_ids, daily_minutes or time_zone',
  );
export type UpdateExamRequest = z.input<typeof UpdateExamRequestSchema>;

/** A chapter an exam covers, with what the screens show of it. Pages are physical PDF pages, 1-based. */
export const ExamChapterSchema = z.object({
  chapter_id: z.uuid(),
  book_id: z.uuid(),
  book_title: z.string(),
  chapter_number: z.number().int(),
  title: z.string(),
  start_page: z.number().int(),
  end_page: z.number().int(),
  /** Printed labels of the first and last page, as citations name them. */
  start_page_label: z.string(),
  end_page_label: z.string(),
  pages: z.number().int(),
  /** Minutes the plan gives to reading it, from its length. */
  reading_minutes: z.number().int(),
  /** The student has read it (its notes marked read). */
  read: z.boolean(),
});
export type ExamChapter = z.infer<typeof ExamChapterSchema>;

export const ExamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** ISO 8601, UTC. */
  exam_at: z.string(),
  time_zone: z.string(),
  daily_minutes: z.number().int(),
  chapter_ids: z.array(z.uuid()),
  chapters: z.array(ExamChapterSchema),
  /** Whole days from today to the exam's day, in its time zone (0 on the day). */
  days_left: z.number().int(),
  created_at: z.string(),
});
export type Exam = z.infer<typeof ExamSchema>;

/** One row of the Exams screen: the exam and its readiness in short. */
export const ExamSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  exam_at: z.string(),
  time_zone: z.string(),
  daily_minutes: z.number().int(),
  days_left: z.number().int(),
  /** The exam date has passed. */
  past: z.boolean(),
  book_ids: z.array(z.uuid()),
  chapters_total: z.number().int(),
  chapters_read: z.number().int(),
  /** 0..1, as GET /exams/{id}/readiness computes it. */
  readiness: z.number(),
  last_practice_score: z.number().nullable(),
});
export type ExamSummary = z.infer<typeof ExamSummarySchema>;
/** Soonest exam first; past exams last. */
export const ExamListSchema = z.array(ExamSummarySchema);

export const PlanReadingSchema = z.object({
  chapter_id: z.uuid(),
  book_id: z.uuid(),
  title: z.string(),
  minutes: z.number().int(),
  /** The physical pages (1-based) to read that day: a long chapter is spread over days. */
  start_page: z.number().int(),
  end_page: z.number().int(),
  /** This day finishes the chapter. */
  finishes_chapter: z.boolean(),
});
export type PlanReading = z.infer<typeof PlanReadingSchema>;

export const PlanDaySchema = z.object({
  date: PlanDateSchema,
  /** The day's planned total: reading + reviews + practice; never above daily_minutes. */
  minutes: z.number().int(),
  reading: z.array(PlanReadingSchema),
  /** FSRS cards of the exam's chapters to review that day. */
  reviews: z.number().int(),
  review_minutes: z.number().int(),
  /** Reviews per book, for the "Start reviews" link of each. */
  review_books: z.array(z.object({ book_id: z.uuid(), count: z.number().int() })),
  /** The day is kept for a practice exam. */
  practice: z.boolean(),
  practice_minutes: z.number().int(),
  /** Dates of missed days whose work moved to this day. */
  moved_from: z.array(PlanDateSchema),
  /** What moved here and why, for the student ("Reading of Chapter 2 missed on 2026-12-07 moved here"); null when nothing moved. */
  note: z.string().nullable(),
});
export type PlanDay = z.infer<typeof PlanDaySchema>;

export const ExamPlanSchema = z.object({
  exam_id: z.uuid(),
  time_zone: z.string(),
  exam_at: z.string(),
  daily_minutes: z.number().int(),
  /** Today to the day before the exam, one entry a day (none on the exam's day or after). */
  days: z.array(PlanDaySchema),
  /** Reading minutes that did not fit before the practice days (the daily time is too short); 0 when all fits. */
  unplanned_reading_minutes: z.number().int(),
  /** Reviews that did not fit in the daily time before the exam; 0 when all fit. */
  unplanned_reviews: z.number().int(),
  /** Cards of the exam's chapters (not counting those not written yet). */
  cards_total: z.number().int(),
});
export type ExamPlan = z.infer<typeof ExamPlanSchema>;

/** GET /today: each upcoming exam's work for today, in that exam's time zone. */
export const TodaySchema = z.object({
  exams: z.array(
    z.object({
      exam_id: z.uuid(),
      name: z.string(),
      exam_at: z.string(),
      days_left: z.number().int(),
      /** Null when the plan has nothing for today (the exam is today, or no day is left). */
      day: PlanDaySchema.nullable(),
    }),
  ),
});
export type Today = z.infer<typeof TodaySchema>;

export const CHAPTER_EXAM_STATES = ['not_started', 'reading', 'practising', 'ready'] as const;
export const ChapterExamStateSchema = z.enum(CHAPTER_EXAM_STATES);
export type ChapterExamState = z.infer<typeof ChapterExamStateSchema>;

export const ReadinessSchema = z.object({
  exam_id: z.uuid(),
  /** 0..1: the weighted sum of the parts (weights in `parts`). */
  readiness: z.number(),
  parts: z.object({
    /** Share of the exam's cards FSRS expects recalled at the exam's time (mean retrievability; unseen cards count 0). */
    recall: z.number(),
    recall_weight: z.number(),
    cards_total: z.number().int(),
    chapters_read: z.number().int(),
    chapters_total: z.number().int(),
    chapters_read_weight: z.number(),
    /** Last submitted practice exam's score, 0..1; null before any. */
    last_practice_score: z.number().nullable(),
    practice_weight: z.number(),
  }),
  /** How the figure is made, in one sentence for the screen. */
  rule: z.string(),
  chapters: z.array(
    z.object({
      chapter_id: z.uuid(),
      book_id: z.uuid(),
      title: z.string(),
      state: ChapterExamStateSchema,
      /** The rule that gives this state, for the hover text. */
      rule: z.string(),
      read: z.boolean(),
      cards_total: z.number().int(),
      /** Mean retrievability of the chapter's cards at the exam's time; null without cards. */
      recall: z.number().nullable(),
      /** The chapter's share of correct answers in the last practice exam that asked it; null before any. */
      last_practice_score: z.number().nullable(),
    }),
  ),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/**
 * Kinds of question in a book's bank: four-option multiple choice, cloze (a sentence with a gap, four options),
 * true/false made from the book's definitions, and the book's own review questions and exercises (answered in
 * the student's head; never in a graded practice exam since they have no options).
 */
export const QUESTION_KINDS = ['multiple_choice', 'cloze', 'true_false', 'book_exercise'] as const;
export const QuestionKindSchema = z.enum(QUESTION_KINDS, {
  error: `kind must be one of ${QUESTION_KINDS.join(', ')}`,
});
export type QuestionKind = z.infer<typeof QuestionKindSchema>;

export const QuestionSchema = z.object({
  id: z.uuid(),
  book_id: z.uuid(),
  chapter_id: z.uuid(),
  kind: QuestionKindSchema,
  prompt: z.string(),
  /** Empty for book exercises. */
  options: z.array(z.string()),
  /** Index of the right option; null for book exercises. */
  answer: z.number().int().nullable(),
  /** The key in words (the right option, or what the book gives as the answer; empty when it gives none). */
  answer_text: z.string(),
  explanation: z.string(),
  /** The PDF page the key stands on, 1-based, and its printed label. */
  page: z.number().int(),
  page_label: z.string(),
  /** A book exercise's printed answer: the PDF page it stands on and its label; null when the book prints none. */
  answer_page: z.number().int().nullable(),
  answer_page_label: z.string().nullable(),
  /** generated by the studio, taken from the book, or written/edited by the student. */
  source: z.enum(['generated', 'book', 'student']),
  flagged: z.boolean(),
  flag_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionBankQuerySchema = z.object({
  chapter_id: z.uuid({ error: 'chapter_id must be a chapter id' }).optional(),
  kind: QuestionKindSchema.optional(),
});
export type QuestionBankQuery = z.infer<typeof QuestionBankQuerySchema>;

export const QuestionBankSchema = z.object({
  book_id: z.uuid(),
  /** Counts of the whole bank (or of the chosen chapter), before the kind filter; flagged ones included. */
  counts: z.object({
    multiple_choice: z.number().int(),
    cloze: z.number().int(),
    true_false: z.number().int(),
    book_exercise: z.number().int(),
  }),
  flagged_count: z.number().int(),
  total: z.number().int(),
  /**
   * Chapters of the book whose bank is not built yet. A listing builds the chapter asked for (chapter_id) or the
   * book's chapters in your exams; ask with chapter_id to build another.
   */
  pending_chapter_ids: z.array(z.uuid()),
  /** In chapter order, then page. */
  questions: z.array(QuestionSchema),
});
export type QuestionBank = z.infer<typeof QuestionBankSchema>;

const QuestionText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(QUESTION_TEXT_MAX_CHARS, `${field} can be at most ${QUESTION_TEXT_MAX_CHARS} characters long`);
const QuestionOptions = z
  .array(QuestionText('An option'), { error: 'options must be a list of texts' })
  .max(QUESTION_OPTIONS_MAX, `A question has at most ${QUESTION_OPTIONS_MAX} options`);
const QuestionPageLabel = z
  .string({ error: 'page_label must be text' })
  .trim()
  .min(1, 'page_label cannot be empty')
  .max(32, 'page_label can be at most 32 characters long');
const AnswerIndex = z.number({ error: 'answer must be the number of an option' }).int().min(0);

/**
 * POST /books/{id}/questions: a question written by the student. Choice kinds need 2+ options (true/false exactly
 * ["True", "False"]) and `answer` one of them; a book exercise has no options and may give `answer_text`.
 * `page_label` must be a page of the chapter.
 */
export const CreateQuestionRequestSchema = z
  .object({
    chapter_id: z.uuid({ error: 'chapter_id must be a chapter id' }),
    kind: QuestionKindSchema,
    prompt: QuestionText('prompt'),
    options: QuestionOptions.default([]),
    answer: AnswerIndex.nullable().default(null),
    answer_text: z.string().trim().max(QUESTION_TEXT_MAX_CHARS).default(''),
    explanation: z.string().trim().max(QUESTION_TEXT_MAX_CHARS).default(''),
    page_label: QuestionPageLabel,
  })
  .superRefine((body, ctx) => checkQuestionShape(body, ctx));
export type CreateQuestionRequest = z.input<typeof CreateQuestionRequestSchema>;

/** PATCH /questions/{id}: fields to change; the result must still be a whole question (checked by the server). */
export const UpdateQuestionRequestSchema = z
  .object({
    prompt: QuestionText('prompt'),
    options: QuestionOptions,
    answer: AnswerIndex.nullable(),
    answer_text: z.string().trim().max(QUESTION_TEXT_MAX_CHARS),
    explanation: z.string().trim().max(QUESTION_TEXT_MAX_CHARS),
    page_label: QuestionPageLabel,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdateQuestionRequest = z.input<typeof UpdateQuestionRequestSchema>;

/** POST /questions/{id}/flag: flag as wrong (never asked again), or `flagged: false` to take the flag back. */
export const FlagQuestionRequestSchema = z.object({
  flagged: z.boolean({ error: 'flagged must be true or false' }).default(true),
  reason: z.string().trim().max(500, 'reason can be at most 500 characters long').optional(),
});
export type FlagQuestionRequest = z.input<typeof FlagQuestionRequestSchema>;

/** The one rule of a whole question, shared by the create schema and the server's check of an edit. */
export function questionShapeProblem(question: {
  kind: QuestionKind;
  options: string[];
  answer: number | null;
}): string | null {
  if (question.kind === 'book_exercise') {
    return question.options.length === 0 && question.answer === null ? null : 'A book exercise has no options';
  }
  if (
    question.kind === 'true_false' &&
    (question.options.length !== 2 || question.options[0] !== 'True' || question.options[1] !== 'False')
  ) {
    return 'A true/false question has the options ["True", "False"]';
  }
  if (question.options.length < 2) return 'A question needs at least 2 options';
  if (new Set(question.options.map((option) => option.toLowerCase())).size !== question.options.length) {
    return 'Two options are the same';
  }
  if (question.answer === null || question.answer >= question.options.length)
    return 'answer must be the number of an option';
  return null;
}

function checkQuestionShape(
  body: { kind: QuestionKind; options: string[]; answer: number | null },
  ctx: z.RefinementCtx,
): void {
  const problem = questionShapeProblem(body);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** POST /exams/{id}/practice. `chapter_ids` narrows to some of the exam's chapters. */
export const CreatePracticeRequestSchema = z.object({
  questions: z
    .number({ error: `questions must be a number from ${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX}` })
    .int(`questions must be a number from ${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX}`)
    .min(
      PRACTICE_QUESTIONS_MIN,
      `questions must be a number from ${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX}`,
    )
    .max(
      PRACTICE_QUESTIONS_MAX,
      `questions must be a number from ${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX}`,
    ),
  time_limit_s: z
    .number({ error: 'time_limit_s must be a number of seconds' })
    .int('time_limit_s must be a whole number of seconds')
    .min(PRACTICE_TIME_LIMIT_MIN_S, `time_limit_s must be at least ${PRACTICE_TIME_LIMIT_MIN_S}`)
    .max(PRACTICE_TIME_LIMIT_MAX_S, `time_limit_s can be at most ${PRACTICE_TIME_LIMIT_MAX_S}`)
    .optional(),
  chapter_ids: ChapterIds.optional(),
});
export type CreatePracticeRequest = z.input<typeof CreatePracticeRequestSchema>;

export const PracticeQuestionSchema = z.object({
  id: z.uuid(),
  chapter_id: z.uuid(),
  kind: QuestionKindSchema,
  prompt: z.string(),
  options: z.array(z.string()),
});
export type PracticeQuestion = z.infer<typeof PracticeQuestionSchema>;

export const PracticeChapterScoreSchema = z.object({
  chapter_id: z.uuid(),
  title: z.string(),
  correct: z.number().int(),
  total: z.number().int(),
});

export const PracticeResultSchema = z.object({
  practice_id: z.uuid(),
  score: z.number().int(),
  total: z.number().int(),
  /** Per chapter; their `correct` sum to `score` and their `total` to `total`. */
  chapters: z.array(PracticeChapterScoreSchema),
  results: z.array(
    z.object({
      question_id: z.uuid(),
      chapter_id: z.uuid(),
      /** The student's choice; null when unanswered (counts wrong). */
      choice: z.number().int().nullable(),
      correct: z.boolean(),
      correct_choice: z.number().int(),
      answer_text: z.string(),
      explanation: z.string(),
      /** The page to re-read: the PDF page (1-based) and its printed label. */
      page: z.number().int(),
      page_label: z.string(),
    }),
  ),
  /** Flashcards made (or made due now) from the wrong answers. */
  cards_due: z.number().int(),
  /** Answers came after the time limit (they still count; the screen says so). */
  late: z.boolean(),
  submitted_at: z.string(),
});
export type PracticeResult = z.infer<typeof PracticeResultSchema>;

export const PracticeExamSchema = z.object({
  id: z.uuid(),
  exam_id: z.uuid(),
  created_at: z.string(),
  time_limit_s: z.number().int().nullable(),
  /** When the countdown ends (ISO 8601); null without a time limit. */
  ends_at: z.string().nullable(),
  questions: z.array(PracticeQuestionSchema),
  /** The graded result once answered, else null. */
  result: PracticeResultSchema.nullable(),
});
export type PracticeExam = z.infer<typeof PracticeExamSchema>;

export const PracticeAnswersRequestSchema = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.uuid({ error: 'question_id must be a question id' }),
        choice: z
          .number({ error: 'choice must be the number of an option' })
          .int('choice must be the number of an option')
          .min(0, 'choice must be the number of an option')
          .max(QUESTION_OPTIONS_MAX - 1, 'choice must be the number of an option'),
      }),
      { error: 'answers must be a list' },
    )
    .max(PRACTICE_QUESTIONS_MAX),
});
export type PracticeAnswersRequest = z.infer<typeof PracticeAnswersRequestSchema>;

/** One attempt in an exam's history, newest first. */
export const PracticeAttemptSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  questions: z.number().int(),
  time_limit_s: z.number().int().nullable(),
  score: z.number().int().nullable(),
  total: z.number().int(),
  chapters: z.array(PracticeChapterScoreSchema),
});
export const PracticeHistorySchema = z.array(PracticeAttemptSchema);
export type PracticeAttempt = z.infer<typeof PracticeAttemptSchema>;

const error = (description: string) => ({ description, schema: ErrorResponseSchema });
const id = () => z.object({ id: z.uuid() });
const notFound = error('Not found, or not yours');
const deleted = z.object({ message: z.string() });

/** Exam mode: exams, their plan and calendar, readiness, question banks and practice exams. */
export const EXAM_ENDPOINTS = [
  {
    method: 'post',
    path: '/exams',
    operation: 'createExam',
    tag: 'Exams',
    summary: 'Plan for an exam: a name, its date and time, the chapters it covers and the daily study time',
    auth: true,
    body: CreateExamRequestSchema,
    responses: {
      201: { description: 'The exam', schema: ExamSchema },
      400: error('A field is missing or invalid, or the date has passed'),
      404: error('A chapter is not found, or not yours'),
      409: error("A chapter's book is still being processed or failed"),
    },
  },
  {
    method: 'get',
    path: '/exams',
    operation: 'listExams',
    tag: 'Exams',
    summary: 'Your exams, soonest first (past ones last), each with its readiness in short',
    auth: true,
    responses: { 200: { description: 'Exams', schema: ExamListSchema } },
  },
  {
    method: 'get',
    path: '/exams/{id}',
    operation: 'getExam',
    tag: 'Exams',
    summary: 'An exam with its chapters (book, title, pages, reading time, read)',
    auth: true,
    params: id(),
    responses: { 200: { description: 'The exam', schema: ExamSchema }, 404: notFound },
  },
  {
    method: 'patch',
    path: '/exams/{id}',
    operation: 'updateExam',
    tag: 'Exams',
    summary: "Change an exam's name, date, chapters, daily time or time zone; the plan follows",
    auth: true,
    params: id(),
    body: UpdateExamRequestSchema,
    responses: {
      200: { description: 'The exam', schema: ExamSchema },
      400: error('A field is invalid'),
      404: notFound,
      409: error("A chapter's book is still being processed or failed"),
    },
  },
  {
    method: 'delete',
    path: '/exams/{id}',
    operation: 'deleteExam',
    tag: 'Exams',
    summary: 'Delete an exam, its plan and its practice history (questions and cards stay)',
    auth: true,
    params: id(),
    responses: { 200: { description: 'Deleted', schema: deleted }, 404: notFound },
  },
  {
    method: 'get',
    path: '/exams/{id}/plan',
    operation: 'examPlan',
    tag: 'Exams',
    summary:
      "Day by day to the exam: chapters to read (book order, sized to the daily time), FSRS reviews of the exam's cards (each seen before the exam), practice days at the end; missed work moves forward and says so",
    auth: true,
    params: id(),
    responses: { 200: { description: 'The plan', schema: ExamPlanSchema }, 404: notFound },
  },
  {
    method: 'get',
    path: '/exams/{id}/calendar.ics',
    operation: 'examCalendar',
    tag: 'Exams',
    summary: 'The plan as an RFC 5545 calendar: one all-day event per study day, and the exam itself',
    auth: true,
    params: id(),
    responses: {
      200: { description: 'iCalendar file', schema: z.string(), contentType: 'text/calendar' },
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/exams/{id}/readiness',
    operation: 'examReadiness',
    tag: 'Exams',
    summary:
      "How ready you are: cards FSRS expects you to recall at the exam time, chapters read and the last practice score, and each chapter's state with its rule",
    auth: true,
    params: id(),
    responses: { 200: { description: 'Readiness', schema: ReadinessSchema }, 404: notFound },
  },
  {
    method: 'get',
    path: '/today',
    operation: 'today',
    tag: 'Exams',
    summary: "Today's reading and reviews for each upcoming exam, with the ids to start each",
    auth: true,
    responses: { 200: { description: "Today's work per exam", schema: TodaySchema } },
  },
  {
    method: 'post',
    path: '/exams/{id}/practice',
    operation: 'createPractice',
    tag: 'Exams',
    summary:
      "A practice exam: questions mixed across the exam's chapters in proportion to their length, preferring ones not asked recently; answers are not included",
    auth: true,
    params: id(),
    body: CreatePracticeRequestSchema,
    responses: {
      201: { description: 'The practice exam', schema: PracticeExamSchema },
      400: error('questions outside 10-100, a bad time limit, or a chapter not in the exam'),
      404: notFound,
      409: error('The bank has too few questions for these chapters'),
    },
  },
  {
    method: 'get',
    path: '/exams/{id}/practice',
    operation: 'listPractice',
    tag: 'Exams',
    summary: "The exam's practice attempts, newest first, with scores per chapter",
    auth: true,
    params: id(),
    responses: { 200: { description: 'Attempts', schema: PracticeHistorySchema }, 404: notFound },
  },
  {
    method: 'get',
    path: '/practice/{id}',
    operation: 'getPractice',
    tag: 'Exams',
    summary: 'A practice exam (to resume it), with its result once answered',
    auth: true,
    params: id(),
    responses: { 200: { description: 'The practice exam', schema: PracticeExamSchema }, 404: notFound },
  },
  {
    method: 'post',
    path: '/practice/{id}/answers',
    operation: 'answerPractice',
    tag: 'Exams',
    summary:
      'Grade a practice exam: score per chapter, each answer with its explanation and page to re-read; wrong answers become due flashcards',
    auth: true,
    params: id(),
    body: PracticeAnswersRequestSchema,
    responses: {
      200: { description: 'Graded (once; the result is kept)', schema: PracticeResultSchema },
      400: error('An answer names a question not in this exam, twice, or an option it does not have'),
      404: notFound,
      409: error('Already answered'),
    },
  },
  {
    method: 'get',
    path: '/books/{id}/questions',
    operation: 'listQuestions',
    tag: 'Exams',
    summary:
      "The book's question bank by chapter and kind, with counts per kind and flagged; builds the bank of the chapter asked for, or of the book's chapters in your exams, when not built yet",
    auth: true,
    params: id(),
    query: QuestionBankQuerySchema,
    responses: {
      200: { description: 'The bank', schema: QuestionBankSchema },
      400: error('Unknown kind, or a chapter_id of another book'),
      404: notFound,
      409: error('The book is still being processed or failed'),
    },
  },
  {
    method: 'post',
    path: '/books/{id}/questions',
    operation: 'addQuestion',
    tag: 'Exams',
    summary: "Add your own question to a chapter of the book's bank",
    auth: true,
    params: id(),
    body: CreateQuestionRequestSchema,
    responses: {
      201: { description: 'The question', schema: QuestionSchema },
      400: error('A field is invalid, or the page is not in the chapter'),
      404: notFound,
    },
  },
  {
    method: 'patch',
    path: '/questions/{id}',
    operation: 'updateQuestion',
    tag: 'Exams',
    summary: 'Edit a question (prompt, options, key, explanation or page)',
    auth: true,
    params: id(),
    body: UpdateQuestionRequestSchema,
    responses: {
      200: { description: 'The question', schema: QuestionSchema },
      400: error('A field is invalid, or the page is not in the chapter'),
      404: notFound,
    },
  },
  {
    method: 'post',
    path: '/questions/{id}/flag',
    operation: 'flagQuestion',
    tag: 'Exams',
    summary: 'Flag a question as wrong: it is never asked again (or take the flag back)',
    auth: true,
    params: id(),
    body: FlagQuestionRequestSchema,
    responses: {
      200: { description: 'The question', schema: QuestionSchema },
      400: error('A field is invalid'),
      404: notFound,
    },
  },
] as const satisfies readonly Endpoint[];
