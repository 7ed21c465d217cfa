import { Injectable } from '@nestjs/common';
import {
  QUESTION_KINDS,
  questionShapeProblem,
  type CreateQuestionRequest,
  type FlagQuestionRequest,
  type Question,
  type QuestionBank,
  type QuestionBankQuery,
  type QuestionKind,
  type UpdateQuestionRequest,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import {
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
  type ChapterInput,
} from '../../providers/llm/study-engine.port.js';
import { BookIndexService } from '../books/book-index.service.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import { ExamRepository } from './exam.repository.js';
import { QuestionEntity } from './exams.entities.js';
import { isAnswersTitle, readBookAnswers, type PrintedAnswer } from './book-answers.js';
import { buildChapterQuestions } from './question-bank.js';
import { QuestionRepository } from './question.repository.js';
import { studyPageOf } from '../books/study-page.js';

const SAMPLE_CHAPTERS = 4;
const SAMPLE_PAGES = 2;
// A back-matter answers part sits in the book's last pages ("Appendix B: Solutions to Exercises", a quarter of Levin's).
const ANSWERS_SHARE_FROM_END = 0.25;

type CreateQuestion = Required<CreateQuestionRequest>;

/** Keys of the book's other chapters' questions: wrong options that are real concepts of the same book. */
function answersOf(questions: readonly QuestionEntity[]): string[] {
  return questions
    .filter((question) => question.kind !== 'true_false' && question.answerText)
    .map((question) => question.answerText);
}

/**
 * The cards the other chapters' banks were built from, as the engine's `bookCards`: a generated cloze or
 * multiple-choice question keeps its card's front as its prompt and its card's back as its answer (a true/false one
 * rewrites the statement, and a book exercise or a student's question is no card).
 */
function cardsOf(questions: readonly QuestionEntity[]): Array<{ front: string; back: string }> {
  return questions
    .filter(
      (question) =>
        question.source === 'generated' && (question.kind === 'cloze' || question.kind === 'multiple_choice'),
    )
    .map((question) => ({ front: question.prompt, back: question.answerText }));
}

@Injectable()
export class QuestionBankService {
  constructor(
    private readonly books: BookRepository,
    private readonly bookIndex: BookIndexService,
    private readonly exams: ExamRepository,
    private readonly questions: QuestionRepository,
    private readonly engine: StudyEngine,
  ) {}

  async list(ownerId: string, bookId: string, query: QuestionBankQuery): Promise<QuestionBank> {
    const book = await this.ownedBook(ownerId, bookId);
    const chapters = await this.books.listChapters(bookId);
    if (query.chapter_id && !chapters.some((chapter) => chapter.id === query.chapter_id))
      throw AppError.validation('chapter_id is not a chapter of this book');
    if (book.status !== 'completed')
      throw AppError.conflict('This book is still being processed. Its questions come once it is ready.');
    const wanted = query.chapter_id
      ? chapters.filter((chapter) => chapter.id === query.chapter_id)
      : await this.chaptersInExams(ownerId, chapters);
    await this.ensureBuilt(ownerId, book, wanted);

    const all = await this.questions.listOwned(ownerId, bookId, { chapterId: query.chapter_id });
    const order = new Map(chapters.map((chapter) => [chapter.id, chapter.chapterNumber]));
    all.sort((a, b) => (order.get(a.chapterId) ?? 0) - (order.get(b.chapterId) ?? 0) || a.page - b.page);
    const counts = Object.fromEntries(QUESTION_KINDS.map((kind) => [kind, 0])) as Record<QuestionKind, number>;
    for (const question of all) counts[question.kind]++;
    const built = await this.questions.builtChapterIds(
      ownerId,
      chapters.map((chapter) => chapter.id),
    );
    return {
      book_id: bookId,
      counts,
      flagged_count: all.filter((question) => question.flagged).length,
      total: all.length,
      pending_chapter_ids: chapters.filter((chapter) => !built.has(chapter.id)).map((chapter) => chapter.id),
      questions: all.filter((question) => !query.kind || question.kind === query.kind).map(toQuestion),
    };
  }

  async add(ownerId: string, bookId: string, body: CreateQuestion): Promise<Question> {
    await this.ownedBook(ownerId, bookId);
    const chapter = (await this.books.listChapters(bookId)).find((candidate) => candidate.id === body.chapter_id);
    if (!chapter) throw AppError.validation('chapter_id is not a chapter of this book');
    const page = await this.pageOfLabel(bookId, chapter, body.page_label);
    const question = Object.assign(new QuestionEntity(), {
      id: randomUUID(),
      ownerId,
      bookId,
      chapterId: chapter.id,
      kind: body.kind,
      prompt: body.prompt,
      options: body.options,
      answer: body.answer,
      answerText: body.answer_text || (body.answer !== null ? (body.options[body.answer] ?? '') : ''),
      explanation: body.explanation,
      page,
      pageLabel: body.page_label,
      answerPage: null,
      answerPageLabel: null,
      source: 'student' as const,
      flagged: false,
      flagReason: null,
      lastAskedAt: null,
      timesAsked: 0,
      createdAt: new Date(),
    });
    await this.questions.insert(question);
    return toQuestion(question);
  }

  async update(ownerId: string, id: string, body: UpdateQuestionRequest): Promise<Question> {
    const question = await this.ownedQuestion(ownerId, id);
    const options = body.options ?? question.options;
    const answer = body.answer !== undefined ? body.answer : question.answer;
    const problem = questionShapeProblem({ kind: question.kind, options, answer });
    if (problem) throw AppError.validation(problem);
    const fields: Partial<QuestionEntity> = { source: 'student' };
    if (body.prompt !== undefined) fields.prompt = body.prompt;
    if (body.options !== undefined) fields.options = body.options;
    if (body.answer !== undefined) fields.answer = body.answer;
    if (body.explanation !== undefined) fields.explanation = body.explanation;
    if (body.answer_text !== undefined) fields.answerText = body.answer_text;
    else if (body.options !== undefined || body.answer !== undefined)
      fields.answerText = answer !== null ? (options[answer] ?? '') : question.answerText;
    if (body.page_label !== undefined) {
      const chapter = (await this.books.listChapters(question.bookId)).find((c) => c.id === question.chapterId);
      if (!chapter) throw AppError.notFound('Question not found');
      fields.page = await this.pageOfLabel(question.bookId, chapter, body.page_label);
      fields.pageLabel = body.page_label;
    }
    return toQuestion(await this.questions.update(question, fields));
  }

  async flag(ownerId: string, id: string, body: FlagQuestionRequest): Promise<Question> {
    const question = await this.ownedQuestion(ownerId, id);
    const flagged = body.flagged ?? true;
    return toQuestion(
      await this.questions.update(question, { flagged, flagReason: flagged ? (body.reason ?? null) : null }),
    );
  }

  /** Builds the banks of an exam's chapters (the exam-creation job); an exam deleted meanwhile builds nothing. */
  async buildForExam(examId: string): Promise<void> {
    const exam = await this.exams.findExamById(examId);
    if (!exam) return;
    const chapterIds = (await this.exams.chaptersOf([exam.id])).map((row) => row.chapterId);
    for (const { chapter, book } of await this.exams.ownedChapters(exam.ownerId, chapterIds)) {
      if (book.status === 'completed') await this.ensureBuilt(exam.ownerId, book, [chapter]);
    }
  }

  /** Builds the bank of each chapter that has none yet, one chapter after another (the engine is busy work). */
  async ensureBuilt(ownerId: string, book: BookEntity, chapters: ChapterEntity[]): Promise<void> {
    const built = await this.questions.builtChapterIds(
      ownerId,
      chapters.map((chapter) => chapter.id),
    );
    const pending = chapters.filter((chapter) => !built.has(chapter.id));
    if (pending.length === 0) return;
    // The book's answers part is read once for all the chapters built now.
    const answers = await this.answersPartOf(book);
    for (const chapter of pending) await this.buildChapter(ownerId, book, chapter, answers);
  }

  /**
   * The answers the book prints in its answers part: the chapters titled so ("Solutions to Exercises") and its last
   * pages, where back matter stands. Cheap: a few dozen pages of text, read once per build.
   */
  private async answersPartOf(book: BookEntity): Promise<PrintedAnswer[]> {
    const titled = (await this.books.listChapters(book.id)).filter((chapter) => isAnswersTitle(chapter.title));
    const backFrom = Math.max(1, Math.floor(book.totalPages * (1 - ANSWERS_SHARE_FROM_END)));
    const ranges = [...titled.map((chapter) => [chapter.startPage, chapter.endPage] as const)];
    if (book.totalPages > 0) ranges.push([backFrom, book.totalPages]);
    const byNumber = new Map<number, { number: number; label: string; text: string }>();
    for (const [from, to] of ranges)
      for (const page of await this.books.pagesOf(book.id, from, to))
        byNumber.set(page.number, { number: page.number, label: page.label, text: page.text });
    return readBookAnswers([...byNumber.values()].sort((a, b) => a.number - b.number));
  }

  private async buildChapter(
    ownerId: string,
    book: BookEntity,
    chapter: ChapterEntity,
    bookPrintedAnswers: PrintedAnswer[],
  ): Promise<void> {
    const pages = await this.books.pagesOf(book.id, chapter.startPage, chapter.endPage);
    const input: ChapterInput = {
      bookTitle: book.title,
      chapterTitle: chapter.title,
      language: book.language,
      pages: pages.map(studyPageOf),
      // The book's index entries for the chapter: its cards and quiz ask about the terms the book lists.
      indexTerms: await this.bookIndex.indexTermsOf(book, chapter),
    };
    const context = { userId: ownerId, bookId: book.id };
    const otherQuestions = await this.otherChaptersQuestions(ownerId, book.id, chapter.id);
    const others = answersOf(otherQuestions);
    const bookPages = await this.otherChaptersSample(chapter);
    const { cards, quiz } = await this.study(async () => ({
      // As the studio's cards: none repeats a card the book's other chapters' banks were built from.
      cards: (await this.engine.generateFlashcards({ ...input, bookCards: cardsOf(otherQuestions) }, context)).cards,
      quiz: await this.engine.generateQuiz({ chapter: input, bookConcepts: others.slice(0, 100), bookPages }, context),
    }));
    const candidates = buildChapterQuestions({
      pages: pages.map((page) => ({ number: page.number, label: page.label, text: page.text })),
      cards,
      quiz,
      bookAnswers: others,
      chapterLabel: chapter.label,
      // Answers at the chapter's own end come first: numbered within the chapter, they are its own.
      printedAnswers: [
        ...readBookAnswers(
          pages.map((page) => ({ number: page.number, label: page.label, text: page.text })),
          { defaultScope: chapter.label },
        ),
        ...bookPrintedAnswers,
      ],
    });
    const now = new Date();
    await this.questions.saveChapterBank(
      { ownerId, bookId: book.id, chapterId: chapter.id },
      candidates.map((candidate, index) =>
        Object.assign(new QuestionEntity(), {
          id: randomUUID(),
          ownerId,
          bookId: book.id,
          chapterId: chapter.id,
          kind: candidate.kind,
          prompt: candidate.prompt,
          options: candidate.options,
          answer: candidate.answer,
          answerText: candidate.answerText,
          explanation: candidate.explanation,
          page: candidate.page,
          pageLabel: candidate.pageLabel,
          answerPage: candidate.answerPage ?? null,
          answerPageLabel: candidate.answerPageLabel ?? null,
          source: candidate.source,
          flagged: false,
          flagReason: null,
          lastAskedAt: null,
          timesAsked: 0,
          // Kept in build order for the same page.
          createdAt: new Date(now.getTime() + index),
        }),
      ),
      now,
    );
  }

  /** The questions of the book's other chapters (never this chapter's own, which a rebuild replaces). */
  private async otherChaptersQuestions(ownerId: string, bookId: string, chapterId: string): Promise<QuestionEntity[]> {
    return (await this.questions.listOwned(ownerId, bookId)).filter((question) => question.chapterId !== chapterId);
  }

  private async otherChaptersSample(chapter: ChapterEntity) {
    const pages = await this.books.openingPagesOfNearestChapters(chapter, {
      chapters: SAMPLE_CHAPTERS,
      pagesEach: SAMPLE_PAGES,
    });
    return pages.map(studyPageOf);
  }

  private async chaptersInExams(ownerId: string, chapters: ChapterEntity[]): Promise<ChapterEntity[]> {
    const exams = await this.exams.listOwnedExams(ownerId);
    const covered = new Set((await this.exams.chaptersOf(exams.map((exam) => exam.id))).map((row) => row.chapterId));
    return chapters.filter((chapter) => covered.has(chapter.id));
  }

  /** The physical page of a printed label inside the chapter; 400 when the chapter has no such page. */
  private async pageOfLabel(bookId: string, chapter: ChapterEntity, label: string): Promise<number> {
    const sizes = await this.exams.pageSizes([bookId]);
    const page = sizes.find(
      (candidate) =>
        candidate.number >= chapter.startPage && candidate.number <= chapter.endPage && candidate.label === label,
    );
    if (!page) throw AppError.validation(`page_label ${label} is not a page of this chapter`);
    return page.number;
  }

  private async ownedBook(ownerId: string, bookId: string): Promise<BookEntity> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    return book;
  }

  private async ownedQuestion(ownerId: string, id: string): Promise<QuestionEntity> {
    const question = await this.questions.findOwned(ownerId, id);
    if (!question) throw AppError.notFound('Question not found');
    return question;
  }

  // The engine's errors become the API's: 429 for the daily budget, 503 when the model is unreachable.
  private async study<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StudyBudgetExceededError) throw new AppError('RATE_LIMITED', error.message);
      if (error instanceof StudyEngineUnavailableError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
  }
}

export function toQuestion(question: QuestionEntity): Question {
  return {
    id: question.id,
    book_id: question.bookId,
    chapter_id: question.chapterId,
    kind: question.kind,
    prompt: question.prompt,
    options: question.options,
    answer: question.answer,
    answer_text: question.answerText,
    explanation: question.explanation,
    page: question.page,
    page_label: question.pageLabel,
    answer_page: question.answerPage ?? null,
    answer_page_label: question.answerPageLabel ?? null,
    source: question.source,
    flagged: Boolean(question.flagged),
    flag_reason: question.flagReason,
    created_at: new Date(question.createdAt).toISOString(),
  };
}
