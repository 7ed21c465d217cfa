import { Injectable } from '@nestjs/common';
import {
  PRACTICE_QUESTIONS_MIN,
  type CreatePracticeRequest,
  type PracticeAnswersRequest,
  type PracticeAttempt,
  type PracticeExam,
  type PracticeResult,
} from '@chapterwise/shared';
import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import { StudioService } from '../studio/studio.service.js';
import { ExamsService } from './exams.service.js';
import { PracticeAnswerEntity, PracticeExamEntity, type QuestionEntity } from './exams.entities.js';
import { drawPractice } from './practice-draw.js';
import { PracticeRepository } from './practice.repository.js';
import { QuestionBankService } from './question-bank.service.js';
import { QuestionRepository } from './question.repository.js';

/** Answers a few seconds after the countdown still count as on time (the request's own trip). */
const LATE_GRACE_MS = 10_000;

@Injectable()
export class PracticeService {
  constructor(
    private readonly exams: ExamsService,
    private readonly bank: QuestionBankService,
    private readonly questions: QuestionRepository,
    private readonly practices: PracticeRepository,
    private readonly studio: StudioService,
  ) {}

  async create(ownerId: string, examId: string, body: CreatePracticeRequest, now = new Date()): Promise<PracticeExam> {
    const exam = await this.exams.ownedExam(ownerId, examId);
    const context = await this.exams.context(exam);
    let chapters = context.chapters;
    if (body.chapter_ids) {
      const inExam = new Set(chapters.map((entry) => entry.chapter.id));
      const outside = body.chapter_ids.find((id) => !inExam.has(id));
      if (outside) throw AppError.validation(`Chapter ${outside} is not in this exam`);
      const chosen = new Set(body.chapter_ids);
      chapters = chapters.filter((entry) => chosen.has(entry.chapter.id));
    }
    for (const entry of chapters) await this.bank.ensureBuilt(ownerId, entry.book, [entry.chapter]);
    const askable = await this.questions.askable(
      ownerId,
      chapters.map((entry) => entry.chapter.id),
    );
    if (askable.length < PRACTICE_QUESTIONS_MIN)
      throw AppError.conflict(
        `The question bank has ${askable.length} questions for these chapters; a practice exam needs at least ${PRACTICE_QUESTIONS_MIN}.`,
      );
    const drawn = drawPractice(
      chapters.map((entry) => ({ id: entry.chapter.id, pages: entry.chapter.endPage - entry.chapter.startPage + 1 })),
      askable.map((question) => ({
        id: question.id,
        chapterId: question.chapterId,
        lastAskedAt: question.lastAskedAt ? new Date(question.lastAskedAt).getTime() : null,
      })),
      body.questions,
      randomInt(2 ** 31),
    );
    const practice = Object.assign(new PracticeExamEntity(), {
      id: randomUUID(),
      ownerId,
      examId,
      timeLimitS: body.time_limit_s ?? null,
      total: drawn.length,
      score: null,
      late: false,
      cardsDue: 0,
      submittedAt: null,
      createdAt: now,
    });
    const answers = drawn.map((question, position) =>
      Object.assign(new PracticeAnswerEntity(), {
        practiceId: practice.id,
        questionId: question.id,
        chapterId: question.chapterId,
        position,
        choice: null,
        correct: null,
      }),
    );
    await this.practices.insertPractice(practice, answers, now);
    return this.get(ownerId, practice.id);
  }

  async list(ownerId: string, examId: string): Promise<PracticeAttempt[]> {
    const context = await this.exams.context(await this.exams.ownedExam(ownerId, examId));
    const practices = await this.practices.listForExam(ownerId, examId);
    const answers = await this.practices.answersOf(practices.map((practice) => practice.id));
    const titles = chapterTitles(context.chapters);
    return practices.map((practice) => {
      const own = answers.filter((answer) => answer.practiceId === practice.id);
      return {
        id: practice.id,
        created_at: new Date(practice.createdAt).toISOString(),
        submitted_at: practice.submittedAt ? new Date(practice.submittedAt).toISOString() : null,
        questions: practice.total,
        time_limit_s: practice.timeLimitS,
        score: practice.submittedAt ? practice.score : null,
        total: practice.total,
        chapters: practice.submittedAt ? chapterScores(own, titles) : [],
      };
    });
  }

  async get(ownerId: string, id: string): Promise<PracticeExam> {
    const practice = await this.ownedPractice(ownerId, id);
    const answers = await this.practices.answersOf([practice.id]);
    const byId = await this.questionsOf(ownerId, answers);
    const created = new Date(practice.createdAt);
    return {
      id: practice.id,
      exam_id: practice.examId,
      created_at: created.toISOString(),
      time_limit_s: practice.timeLimitS,
      ends_at: practice.timeLimitS ? new Date(created.getTime() + practice.timeLimitS * 1000).toISOString() : null,
      questions: answers.flatMap((answer) => {
        const question = byId.get(answer.questionId);
        return question
          ? [
              {
                id: question.id,
                chapter_id: question.chapterId,
                kind: question.kind,
                prompt: question.prompt,
                options: question.options,
              },
            ]
          : [];
      }),
      result: practice.submittedAt ? await this.resultOf(practice, answers, byId) : null,
    };
  }

  async answer(ownerId: string, id: string, body: PracticeAnswersRequest, now = new Date()): Promise<PracticeResult> {
    const practice = await this.ownedPractice(ownerId, id);
    if (practice.submittedAt) throw AppError.conflict('This practice exam is already answered.');
    const answers = await this.practices.answersOf([practice.id]);
    const byId = await this.questionsOf(ownerId, answers);
    const asked = new Set(answers.map((answer) => answer.questionId));
    const choices = new Map<string, number>();
    for (const { question_id, choice } of body.answers) {
      if (!asked.has(question_id)) throw AppError.validation(`${question_id} is not a question of this practice exam`);
      if (choices.has(question_id)) throw AppError.validation(`${question_id} is answered twice`);
      const options = byId.get(question_id)?.options.length ?? 0;
      if (choice >= options) throw AppError.validation(`choice ${choice} is not an option of question ${question_id}`);
      choices.set(question_id, choice);
    }
    for (const answer of answers) {
      const question = byId.get(answer.questionId);
      answer.choice = choices.get(answer.questionId) ?? null;
      answer.correct = question !== undefined && answer.choice !== null && answer.choice === question.answer;
    }
    practice.score = answers.filter((answer) => answer.correct).length;
    practice.submittedAt = now;
    practice.late =
      practice.timeLimitS !== null &&
      now.getTime() > new Date(practice.createdAt).getTime() + practice.timeLimitS * 1000 + LATE_GRACE_MS;
    if (!(await this.practices.saveGrading(practice, answers)))
      throw AppError.conflict('This practice exam is already answered.');

    // Each wrong answer becomes a card due now, citing the page to re-read.
    const context = await this.exams.context(await this.exams.ownedExam(ownerId, practice.examId));
    const bookOf = new Map(context.chapters.map((entry) => [entry.chapter.id, entry.book.id]));
    const mistakes = answers.flatMap((answer) => {
      const question = byId.get(answer.questionId);
      if (answer.correct || !question) return [];
      return [
        {
          bookId: bookOf.get(question.chapterId) ?? question.bookId,
          chapterId: question.chapterId,
          front: question.kind === 'true_false' ? `True or false: ${question.prompt}` : question.prompt,
          back: question.kind === 'true_false' ? question.explanation : question.answerText,
          pageLabel: question.pageLabel,
        },
      ];
    });
    practice.cardsDue = await this.studio.addMistakeCards(ownerId, mistakes, now);
    await this.practices.setCardsDue(practice, practice.cardsDue);
    return this.resultOf(practice, answers, byId, chapterTitles(context.chapters));
  }

  private async resultOf(
    practice: PracticeExamEntity,
    answers: PracticeAnswerEntity[],
    byId: Map<string, QuestionEntity>,
    titles?: Map<string, string>,
  ): Promise<PracticeResult> {
    if (!titles) {
      const exam = await this.exams.ownedExam(practice.ownerId, practice.examId);
      titles = chapterTitles((await this.exams.context(exam)).chapters);
    }
    return {
      practice_id: practice.id,
      score: answers.filter((answer) => answer.correct).length,
      total: answers.length,
      chapters: chapterScores(answers, titles),
      results: answers.map((answer) => {
        const question = byId.get(answer.questionId);
        return {
          question_id: answer.questionId,
          chapter_id: answer.chapterId,
          choice: answer.choice,
          correct: Boolean(answer.correct),
          correct_choice: question?.answer ?? 0,
          answer_text: question?.answerText ?? '',
          explanation: question?.explanation ?? '',
          page: question?.page ?? 0,
          page_label: question?.pageLabel ?? '',
        };
      }),
      cards_due: practice.cardsDue,
      late: Boolean(practice.late),
      submitted_at: new Date(practice.submittedAt!).toISOString(),
    };
  }

  private async questionsOf(ownerId: string, answers: PracticeAnswerEntity[]): Promise<Map<string, QuestionEntity>> {
    const questions = await this.questions.findOwnedMany(
      ownerId,
      answers.map((answer) => answer.questionId),
    );
    return new Map(questions.map((question) => [question.id, question]));
  }

  private async ownedPractice(ownerId: string, id: string): Promise<PracticeExamEntity> {
    const practice = await this.practices.findOwned(ownerId, id);
    if (!practice) throw AppError.notFound('Practice exam not found');
    return practice;
  }
}

function chapterTitles(chapters: Array<{ chapter: { id: string; title: string } }>): Map<string, string> {
  return new Map(chapters.map((entry) => [entry.chapter.id, entry.chapter.title]));
}

/** Correct and asked per chapter, in the order chapters first appear; they sum to the score and the total. */
function chapterScores(answers: PracticeAnswerEntity[], titles: Map<string, string>) {
  const tallies = new Map<string, { correct: number; total: number }>();
  for (const answer of answers) {
    const tally = tallies.get(answer.chapterId) ?? { correct: 0, total: 0 };
    tally.total++;
    if (answer.correct) tally.correct++;
    tallies.set(answer.chapterId, tally);
  }
  const order = [...titles.keys()];
  return [...tallies]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([chapter_id, tally]) => ({ chapter_id, title: titles.get(chapter_id) ?? '', ...tally }));
}
