import { Injectable } from '@nestjs/common';
import type {
  CreateExamRequest,
  Exam,
  ExamPlan,
  ExamSummary,
  Readiness,
  Today,
  UpdateExamRequest,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { planCalendar } from './calendar-ics.js';
import {
  examChapterOf,
  parseSnapshot,
  planCardOf,
  planChapterOf,
  readinessCardOf,
  type ExamContext,
} from './exam-context.js';
import { ExamRepository } from './exam.repository.js';
import { ExamChapterEntity, ExamEntity } from './exams.entities.js';
import { daysBetween, localDate } from './local-date.js';
import { planExam, type StudyPlan } from './plan.js';
import { PracticeRepository } from './practice.repository.js';
import { examReadiness } from './readiness.js';

type CreateExam = Required<CreateExamRequest>;

@Injectable()
export class ExamsService {
  constructor(
    private readonly exams: ExamRepository,
    private readonly practices: PracticeRepository,
    private readonly jobs: JobQueue,
  ) {}

  async create(ownerId: string, body: CreateExam, now = new Date()): Promise<Exam> {
    const examAt = futureExamAt(body.exam_at, now);
    const exam = Object.assign(new ExamEntity(), {
      id: randomUUID(),
      ownerId,
      name: body.name,
      examAt,
      timeZone: body.time_zone,
      dailyMinutes: body.daily_minutes,
      planSnapshot: '{}',
      createdAt: now,
    });
    await this.exams.insertExam(exam, await this.examChapters(ownerId, exam.id, body.chapter_ids));
    await this.buildBanksAhead(exam.id);
    return this.get(ownerId, exam.id, now);
  }

  async list(ownerId: string, now = new Date()): Promise<ExamSummary[]> {
    const exams = await this.exams.listOwnedExams(ownerId);
    const summaries = await Promise.all(
      exams.map(async (exam) => {
        const context = await this.context(exam);
        const readiness = await this.readinessOf(context);
        const past = exam.examAt.getTime() <= now.getTime();
        return {
          id: exam.id,
          name: exam.name,
          exam_at: exam.examAt.toISOString(),
          time_zone: exam.timeZone,
          daily_minutes: exam.dailyMinutes,
          days_left: daysLeft(exam, now),
          past,
          book_ids: [...new Set(context.chapters.map((entry) => entry.book.id))],
          chapters_total: readiness.parts.chapters_total,
          chapters_read: readiness.parts.chapters_read,
          readiness: readiness.readiness,
          last_practice_score: readiness.parts.last_practice_score,
        };
      }),
    );
    // Soonest first; exams already past go last, the latest of them first.
    return summaries.sort((a, b) =>
      a.past !== b.past
        ? a.past
          ? 1
          : -1
        : a.past
          ? b.exam_at.localeCompare(a.exam_at)
          : a.exam_at.localeCompare(b.exam_at),
    );
  }

  async get(ownerId: string, id: string, now = new Date()): Promise<Exam> {
    const context = await this.context(await this.ownedExam(ownerId, id));
    const { exam } = context;
    return {
      id: exam.id,
      name: exam.name,
      exam_at: exam.examAt.toISOString(),
      time_zone: exam.timeZone,
      daily_minutes: exam.dailyMinutes,
      chapter_ids: context.chapters.map((entry) => entry.chapter.id),
      chapters: context.chapters.map(examChapterOf),
      days_left: daysLeft(exam, now),
      created_at: new Date(exam.createdAt).toISOString(),
    };
  }

  async update(ownerId: string, id: string, body: UpdateExamRequest, now = new Date()): Promise<Exam> {
    const exam = await this.ownedExam(ownerId, id);
    const fields: Partial<ExamEntity> = {};
    if (body.name !== undefined) fields.name = body.name;
    if (body.exam_at !== undefined) fields.examAt = futureExamAt(body.exam_at, now);
    if (body.daily_minutes !== undefined) fields.dailyMinutes = body.daily_minutes;
    if (body.time_zone !== undefined) fields.timeZone = body.time_zone;
    const chapters = body.chapter_ids ? await this.examChapters(ownerId, exam.id, body.chapter_ids) : undefined;
    await this.exams.updateExam(exam, fields, chapters);
    if (chapters) await this.buildBanksAhead(exam.id);
    return this.get(ownerId, id, now);
  }

  async remove(ownerId: string, id: string): Promise<void> {
    if (!(await this.exams.deleteOwnedExam(ownerId, id))) throw AppError.notFound('Exam not found');
  }

  async plan(ownerId: string, id: string, now = new Date()): Promise<ExamPlan> {
    const context = await this.context(await this.ownedExam(ownerId, id));
    return planAnswer(context, await this.studyPlan(context, now));
  }

  async calendar(ownerId: string, id: string, now = new Date()): Promise<{ name: string; ics: string }> {
    const context = await this.context(await this.ownedExam(ownerId, id));
    const plan = await this.studyPlan(context, now);
    const { exam } = context;
    const ics = planCalendar({ id: exam.id, name: exam.name, examAt: exam.examAt }, plan.days, {
      now,
      chapterTitles: new Map(context.chapters.map((entry) => [entry.chapter.id, entry.chapter.title])),
    });
    return { name: exam.name, ics };
  }

  async readiness(ownerId: string, id: string): Promise<Readiness> {
    return this.readinessOf(await this.context(await this.ownedExam(ownerId, id)));
  }

  /** Today's work of every exam still ahead, soonest exam first. */
  async today(ownerId: string, now = new Date()): Promise<Today> {
    const upcoming = (await this.exams.listOwnedExams(ownerId)).filter((exam) => exam.examAt.getTime() > now.getTime());
    const exams = [];
    for (const exam of upcoming) {
      const context = await this.context(exam);
      const plan = await this.studyPlan(context, now);
      const today = localDate(now, exam.timeZone);
      exams.push({
        exam_id: exam.id,
        name: exam.name,
        exam_at: exam.examAt.toISOString(),
        days_left: daysLeft(exam, now),
        day: plan.days.find((day) => day.date === today) ?? null,
      });
    }
    return { exams };
  }

  // The first practice exam would otherwise wait for every chapter's bank to be built.
  private buildBanksAhead(examId: string): Promise<void> {
    return this.jobs.enqueue('exam.build-bank', { examId }, { jobId: `exam.build-bank:${examId}` });
  }

  /** The exam if the owner's: the one check every exam call starts with. */
  async ownedExam(ownerId: string, id: string): Promise<ExamEntity> {
    const exam = await this.exams.findOwnedExam(ownerId, id);
    if (!exam) throw AppError.notFound('Exam not found');
    return exam;
  }

  /** The exam's chapters with their book, page sizes and read state, and the owner's cards of them. */
  async context(exam: ExamEntity): Promise<ExamContext> {
    const covered = await this.exams.chaptersOf([exam.id]);
    const chapterIds = covered.map((row) => row.chapterId);
    const [owned, read, cards] = await Promise.all([
      this.exams.ownedChapters(exam.ownerId, chapterIds),
      this.exams.readChapterIds(exam.ownerId, chapterIds),
      this.exams.cardsOf(exam.ownerId, chapterIds),
    ]);
    const pages = await this.exams.pageSizes([...new Set(owned.map((entry) => entry.book.id))]);
    const byId = new Map(owned.map((entry) => [entry.chapter.id, entry]));
    return {
      exam,
      chapters: covered.flatMap((row) => {
        const entry = byId.get(row.chapterId);
        if (!entry) return [];
        const { chapter, book } = entry;
        return [
          {
            chapter,
            book,
            read: read.has(chapter.id),
            pages: pages.filter(
              (page) => page.bookId === book.id && page.number >= chapter.startPage && page.number <= chapter.endPage,
            ),
          },
        ];
      }),
      cards,
    };
  }

  /** The plan, remembering what it put on each day so a day missed later is known as missed. */
  private async studyPlan(context: ExamContext, now: Date): Promise<StudyPlan> {
    const { exam } = context;
    const plan = planExam({
      now,
      examAt: exam.examAt,
      timeZone: exam.timeZone,
      dailyMinutes: exam.dailyMinutes,
      chapters: context.chapters.map(planChapterOf),
      cards: context.cards.map(planCardOf),
      snapshot: parseSnapshot(exam.planSnapshot),
    });
    const snapshot = JSON.stringify(plan.snapshot);
    if (snapshot !== exam.planSnapshot) await this.exams.savePlanSnapshot(exam, snapshot);
    return plan;
  }

  private async readinessOf(context: ExamContext): Promise<Readiness> {
    const { exam } = context;
    const submitted = await this.practices.submittedForExams(exam.ownerId, [exam.id]);
    const answers = await this.practices.answersOf(submitted.map((practice) => practice.id));
    // Each chapter's share right in the newest graded practice exam that asked it.
    const chapterScores = new Map<string, number>();
    for (const practice of submitted) {
      const tallies = new Map<string, { correct: number; total: number }>();
      for (const answer of answers) {
        if (answer.practiceId !== practice.id) continue;
        const tally = tallies.get(answer.chapterId) ?? { correct: 0, total: 0 };
        tally.total++;
        if (answer.correct) tally.correct++;
        tallies.set(answer.chapterId, tally);
      }
      for (const [chapterId, tally] of tallies)
        if (!chapterScores.has(chapterId)) chapterScores.set(chapterId, tally.correct / tally.total);
    }
    const last = submitted[0];
    return examReadiness({
      examId: exam.id,
      examAt: exam.examAt,
      chapters: context.chapters.map((entry) => ({
        id: entry.chapter.id,
        bookId: entry.book.id,
        title: entry.chapter.title,
        read: entry.read,
        lastPracticeScore: chapterScores.get(entry.chapter.id) ?? null,
      })),
      cards: context.cards.map(readinessCardOf),
      lastPracticeScore: last && last.total > 0 ? (last.score ?? 0) / last.total : null,
    });
  }

  /** The chosen chapters, each the owner's and of a processed book, in book order. */
  private async examChapters(ownerId: string, examId: string, chapterIds: string[]): Promise<ExamChapterEntity[]> {
    const owned = await this.exams.ownedChapters(ownerId, chapterIds);
    if (owned.length !== chapterIds.length) throw AppError.notFound('Chapter not found');
    if (owned.some((entry) => entry.book.status !== 'completed'))
      throw AppError.conflict('A book of this exam is still being processed. Plan for the exam once it is ready.');
    const bookOrder = new Map<string, number>();
    for (const id of chapterIds) {
      const entry = owned.find((candidate) => candidate.chapter.id === id)!;
      if (!bookOrder.has(entry.book.id)) bookOrder.set(entry.book.id, bookOrder.size);
    }
    return owned
      .sort(
        (a, b) =>
          bookOrder.get(a.book.id)! - bookOrder.get(b.book.id)! || a.chapter.chapterNumber - b.chapter.chapterNumber,
      )
      .map((entry, position) =>
        Object.assign(new ExamChapterEntity(), {
          examId,
          chapterId: entry.chapter.id,
          bookId: entry.book.id,
          position,
        }),
      );
  }
}

function futureExamAt(value: string, now: Date): Date {
  const examAt = new Date(value);
  if (!(examAt.getTime() > now.getTime())) throw AppError.validation('exam_at must be in the future');
  return examAt;
}

function daysLeft(exam: ExamEntity, now: Date): number {
  return daysBetween(localDate(now, exam.timeZone), localDate(exam.examAt, exam.timeZone));
}

function planAnswer(context: ExamContext, plan: StudyPlan): ExamPlan {
  const { exam } = context;
  return {
    exam_id: exam.id,
    time_zone: exam.timeZone,
    exam_at: exam.examAt.toISOString(),
    daily_minutes: exam.dailyMinutes,
    days: plan.days,
    unplanned_reading_minutes: plan.unplannedReadingMinutes,
    unplanned_reviews: plan.unplannedReviews,
    cards_total: plan.cardsTotal,
  };
}
