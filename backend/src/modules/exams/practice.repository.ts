import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, Not, type DataSource, type Repository } from 'typeorm';
import { PracticeAnswerEntity, PracticeExamEntity, QuestionEntity } from './exams.entities.js';

@Injectable()
export class PracticeRepository {
  private readonly practices: Repository<PracticeExamEntity>;
  private readonly answers: Repository<PracticeAnswerEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.practices = dataSource.getRepository(PracticeExamEntity);
    this.answers = dataSource.getRepository(PracticeAnswerEntity);
  }

  /** Stores the practice exam and its questions, and marks them asked now (a retake prefers others). */
  async insertPractice(practice: PracticeExamEntity, answers: PracticeAnswerEntity[], now: Date): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.insert(PracticeExamEntity, practice);
      await tx.insert(PracticeAnswerEntity, answers);
      await tx
        .createQueryBuilder()
        .update(QuestionEntity)
        .set({ lastAskedAt: now, timesAsked: () => 'times_asked + 1' })
        .where({ ownerId: practice.ownerId, id: In(answers.map((answer) => answer.questionId)) })
        .execute();
    });
  }

  findOwned(ownerId: string, id: string): Promise<PracticeExamEntity | null> {
    return this.practices.findOneBy({ ownerId, id });
  }

  answersOf(practiceIds: string[]): Promise<PracticeAnswerEntity[]> {
    if (practiceIds.length === 0) return Promise.resolve([]);
    return this.answers.find({ where: { practiceId: In(practiceIds) }, order: { position: 'ASC' } });
  }

  /** Records the grading once: false when another request graded it first. */
  async saveGrading(practice: PracticeExamEntity, answers: PracticeAnswerEntity[]): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const claimed = await tx.update(
        PracticeExamEntity,
        { id: practice.id, ownerId: practice.ownerId, submittedAt: IsNull() },
        {
          submittedAt: practice.submittedAt,
          score: practice.score,
          late: practice.late,
          cardsDue: practice.cardsDue,
        },
      );
      if ((claimed.affected ?? 0) === 0) return false;
      for (const answer of answers) {
        await tx.update(
          PracticeAnswerEntity,
          { practiceId: answer.practiceId, questionId: answer.questionId },
          { choice: answer.choice, correct: answer.correct },
        );
      }
      return true;
    });
  }

  async setCardsDue(practice: PracticeExamEntity, cardsDue: number): Promise<void> {
    await this.practices.update({ id: practice.id, ownerId: practice.ownerId }, { cardsDue });
  }

  /** The exam's practice exams, newest first. */
  listForExam(ownerId: string, examId: string): Promise<PracticeExamEntity[]> {
    return this.practices.find({ where: { ownerId, examId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** Graded practice exams of the owner's exams, newest first. */
  submittedForExams(ownerId: string, examIds: string[]): Promise<PracticeExamEntity[]> {
    if (examIds.length === 0) return Promise.resolve([]);
    return this.practices.find({
      where: { ownerId, examId: In(examIds), submittedAt: Not(IsNull()) },
      order: { submittedAt: 'DESC', id: 'ASC' },
    });
  }
}
