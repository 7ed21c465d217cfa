import type {
  AnswerPassage,
  BookInput,
  ChapterInput,
  FlashcardDrafts,
  FlashcardsInput,
  GroundedAnswer,
  QuizInput,
  QuizQuestionDraft,
  TopicDraft,
} from '../../study-kit/index.js';

// The study kit owns the shapes of what it reads and writes; the port speaks them.
export type {
  AnswerPassage,
  BookInput,
  ChapterInput,
  FlashcardDraft,
  FlashcardDrafts,
  FlashcardsInput,
  GroundedAnswer,
  QuizInput,
  QuizQuestionDraft,
  StudyPage,
  TopicDraft,
} from '../../study-kit/index.js';

/** Who asks (budgets and usage are per user) and a signal to stop early. */
export interface StudyContext {
  userId: string;
  bookId: string;
  signal?: AbortSignal;
}

/**
 * Study notes (Markdown, one shape for every engine), topics and simple explanations of a book, citing printed
 * page labels as "(p. 143)".
 * Adapters: `OpenAiStudyEngine` (LangChain, any OpenAI-compatible endpoint) and `OfflineStudyEngine`
 * (extractive, no network). Errors: `StudyBudgetExceededError` (HTTP 429) and
 * `StudyEngineUnavailableError` (HTTP 503), both with plain-language messages.
 */
export abstract class StudyEngine {
  abstract readonly kind: 'offline' | 'llm';
  abstract summarizeChapter(input: ChapterInput, context: StudyContext): Promise<string>;
  abstract summarizeBook(input: BookInput, context: StudyContext): Promise<string>;
  abstract extractTopics(input: ChapterInput, context: StudyContext): Promise<TopicDraft[]>;
  abstract explainEli12(input: { topic: string; chapter: ChapterInput }, context: StudyContext): Promise<string>;
  /** Answers from the passages only, citing them; an empty text when they do not answer the question. */
  abstract answerQuestion(
    input: { question: string; passages: AnswerPassage[] },
    context: StudyContext,
  ): Promise<GroundedAnswer>;
  /**
   * Flashcards of a chapter, each answer standing on its cited page; cards the page does not support are dropped and
   * counted. None repeats one of `input.bookCards` (the book's other chapters' cards).
   */
  abstract generateFlashcards(input: FlashcardsInput, context: StudyContext): Promise<FlashcardDrafts>;
  /** A practice quiz of at least 5 four-option questions; distractors are other concepts of the book. */
  abstract generateQuiz(input: QuizInput, context: StudyContext): Promise<QuizQuestionDraft[]>;
  /** Tokens writing a chapter's notes and topics would spend; null where it costs nothing (offline). */
  estimateChapterTokens(_input: ChapterInput): TokenEstimate | null {
    return null;
  }
}

export interface TokenEstimate {
  input: number;
  output: number;
}

/** Token usage of one model call. */
export interface LlmUsage {
  userId: string;
  bookId: string;
  operation: 'chapter_summary' | 'book_summary' | 'topics' | 'eli12' | 'search_answer' | 'flashcards' | 'quiz';
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** Where token usage goes: the database in the app, memory in tests. */
export abstract class LlmUsageLedger {
  abstract record(usage: LlmUsage): Promise<void>;
  /** Input plus output tokens the user spent since 00:00 UTC today. */
  abstract tokensUsedToday(userId: string): Promise<number>;
}

/** The user's daily token budget would be exceeded: maps to HTTP 429; the message is for the user. */
export class StudyBudgetExceededError extends Error {
  constructor(message = "You have used today's AI allowance. It resets at midnight UTC; please try again tomorrow.") {
    super(message);
    this.name = 'StudyBudgetExceededError';
  }
}

/** The model endpoint failed or timed out after the allowed retries: maps to HTTP 503; the message is for the user. */
export class StudyEngineUnavailableError extends Error {
  constructor(
    message = 'The AI service is not responding right now. Please try again in a few minutes.',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StudyEngineUnavailableError';
  }
}

/**
 * The model answered, and asked once more, with notes the checks refuse (pages outside the chapter, fragments,
 * no JSON): asking again is unlikely to help, so callers write the offline engine's notes instead.
 * An HTTP 503 where nothing falls back.
 */
export class StudyNotesUnusableError extends StudyEngineUnavailableError {
  constructor(readonly scope: 'chapter' | 'book') {
    super(`The AI service did not return usable notes for this ${scope}. Please try again.`);
    this.name = 'StudyNotesUnusableError';
  }
}

/** Which engine wrote a text: the offline engine's notes are extractive, and labelled so. */
export type NotesEngine = StudyEngine['kind'];

/**
 * The offline engine, whatever engine is configured: it writes the notes of a chapter (or the book summary)
 * the model could not write usably, so a book summary completes without sending the book again.
 */
export abstract class FallbackNotesEngine {
  abstract summarizeChapter(input: ChapterInput, context: StudyContext): Promise<string>;
  abstract summarizeBook(input: BookInput, context: StudyContext): Promise<string>;
}
