import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { QuestionKind } from '@chapterwise/shared';
import { In, Not, type DataSource, type Repository } from 'typeorm';
import { QuestionBankBuildEntity, QuestionEntity } from './exams.entities.js';

@Injectable()
export class QuestionRepository {
  private readonly questions: Repository<QuestionEntity>;
  private readonly builds: Repository<QuestionBankBuildEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.questions = dataSource.getRepository(QuestionEntity);
    this.builds = dataSource.getRepository(QuestionBankBuildEntity);
  }

  /** The owner's questions of a book, optionally of one chapter and kind. */
  listOwned(ownerId: string, bookId: string, filter: { chapterId?: string; kind?: QuestionKind } = {}) {
    return this.questions.find({
      where: {
        ownerId,
        bookId,
        ...(filter.chapterId ? { chapterId: filter.chapterId } : {}),
        ...(filter.kind ? { kind: filter.kind } : {}),
      },
      order: { page: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
  }

  findOwned(ownerId: string, id: string): Promise<QuestionEntity | null> {
    return this.questions.findOneBy({ ownerId, id });
  }

  findOwnedMany(ownerId: string, ids: string[]): Promise<QuestionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.questions.findBy({ ownerId, id: In(ids) });
  }

  async builtChapterIds(ownerId: string, chapterIds: string[]): Promise<Set<string>> {
    if (chapterIds.length === 0) return new Set();
    const rows = await this.builds.find({ where: { ownerId, chapterId: In(chapterIds) }, select: { chapterId: true } });
    return new Set(rows.map((row) => row.chapterId));
  }

  /** Stores a chapter's built bank once: a second build racing the first finds the chapter marked and adds nothing. */
  async saveChapterBank(
    owner: { ownerId: string; bookId: string; chapterId: string },
    questions: QuestionEntity[],
    now: Date,
  ): Promise<void> {
    try {
      await this.dataSource.transaction(async (tx) => {
        await tx.insert(QuestionBankBuildEntity, { ...owner, builtAt: now });
        for (let start = 0; start < questions.length; start += 100)
          await tx.insert(QuestionEntity, questions.slice(start, start + 100));
      });
    } catch (error) {
      // The mark's primary key refused a second build of the same chapter: the first one's questions stand.
      if (await this.builds.findOneBy({ ownerId: owner.ownerId, chapterId: owner.chapterId })) return;
      throw error;
    }
  }

  async insert(question: QuestionEntity): Promise<void> {
    await this.questions.insert(question);
  }

  async update(question: QuestionEntity, fields: Partial<QuestionEntity>): Promise<QuestionEntity> {
    await this.questions.update({ id: question.id, ownerId: question.ownerId }, fields);
    return Object.assign(question, fields);
  }

  /** Questions a practice exam may ask: not flagged, with options to choose from. */
  askable(ownerId: string, chapterIds: string[]) {
    if (chapterIds.length === 0) return Promise.resolve([]);
    return this.questions.find({
      where: { ownerId, chapterId: In(chapterIds), flagged: false, kind: Not('book_exercise') },
      select: { id: true, chapterId: true, lastAskedAt: true },
    });
  }
}
