import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type Repository } from 'typeorm';
import { BookEntity } from '../books/entities/book.entity.js';
import { ChapterEntity } from '../books/entities/chapter.entity.js';
import { PageEntity } from '../books/entities/page.entity.js';
import { FlashcardEntity, SummaryReadEntity } from '../studio/studio.entities.js';
import { ExamChapterEntity, ExamEntity } from './exams.entities.js';

/** A page's size, for reading time: its number, printed label and length of text. */
export interface PageSize {
  bookId: string;
  number: number;
  label: string;
  chars: number;
}

@Injectable()
export class ExamRepository {
  private readonly exams: Repository<ExamEntity>;
  private readonly examChapters: Repository<ExamChapterEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.exams = dataSource.getRepository(ExamEntity);
    this.examChapters = dataSource.getRepository(ExamChapterEntity);
  }

  async insertExam(exam: ExamEntity, chapters: ExamChapterEntity[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.insert(ExamEntity, exam);
      await tx.insert(ExamChapterEntity, chapters);
    });
  }

  findOwnedExam(ownerId: string, id: string): Promise<ExamEntity | null> {
    return this.exams.findOneBy({ ownerId, id });
  }

  /** An exam by id alone: for its background job, which acts for the exam's owner. */
  findExamById(id: string): Promise<ExamEntity | null> {
    return this.exams.findOneBy({ id });
  }

  listOwnedExams(ownerId: string): Promise<ExamEntity[]> {
    return this.exams.find({ where: { ownerId }, order: { examAt: 'ASC', id: 'ASC' } });
  }

  /** The exam's chapters in the order it keeps them. */
  chaptersOf(examIds: string[]): Promise<ExamChapterEntity[]> {
    if (examIds.length === 0) return Promise.resolve([]);
    return this.examChapters.find({ where: { examId: In(examIds) }, order: { position: 'ASC' } });
  }

  /** Changes the exam's fields and, when given, replaces its chapters, in one transaction. */
  async updateExam(exam: ExamEntity, fields: Partial<ExamEntity>, chapters?: ExamChapterEntity[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      if (Object.keys(fields).length) await tx.update(ExamEntity, { id: exam.id, ownerId: exam.ownerId }, fields);
      if (chapters) {
        await tx.delete(ExamChapterEntity, { examId: exam.id });
        await tx.insert(ExamChapterEntity, chapters);
      }
    });
  }

  async savePlanSnapshot(exam: ExamEntity, snapshot: string): Promise<void> {
    await this.exams.update({ id: exam.id, ownerId: exam.ownerId }, { planSnapshot: snapshot });
  }

  async deleteOwnedExam(ownerId: string, id: string): Promise<boolean> {
    const result = await this.exams.delete({ ownerId, id });
    return (result.affected ?? 0) > 0;
  }

  /** The chapters among `chapterIds` whose book is the owner's, with their book. */
  async ownedChapters(
    ownerId: string,
    chapterIds: string[],
  ): Promise<Array<{ chapter: ChapterEntity; book: BookEntity }>> {
    if (chapterIds.length === 0) return [];
    const chapters = await this.dataSource.getRepository(ChapterEntity).findBy({ id: In(chapterIds) });
    const bookIds = [...new Set(chapters.map((chapter) => chapter.bookId))];
    const books = bookIds.length
      ? await this.dataSource.getRepository(BookEntity).findBy({ id: In(bookIds), ownerId })
      : [];
    const byId = new Map(books.map((book) => [book.id, book]));
    return chapters.flatMap((chapter) => {
      const book = byId.get(chapter.bookId);
      return book ? [{ chapter, book }] : [];
    });
  }

  /** Every page's label and text length in the books, without the text itself. */
  async pageSizes(bookIds: string[]): Promise<PageSize[]> {
    if (bookIds.length === 0) return [];
    const rows = await this.dataSource
      .getRepository(PageEntity)
      .createQueryBuilder('page')
      .select('page.book_id', 'bookId')
      .addSelect('page.number', 'number')
      .addSelect('page.label', 'label')
      .addSelect('LENGTH(page.text)', 'chars')
      .where('page.book_id IN (:...bookIds)', { bookIds })
      .orderBy('page.book_id')
      .addOrderBy('page.number')
      .getRawMany<{ bookId: string; number: number | string; label: string; chars: number | string }>();
    return rows.map((row) => ({
      bookId: row.bookId,
      number: Number(row.number),
      label: row.label,
      chars: Number(row.chars),
    }));
  }

  async readChapterIds(ownerId: string, chapterIds: string[]): Promise<Set<string>> {
    if (chapterIds.length === 0) return new Set();
    const rows = await this.dataSource
      .getRepository(SummaryReadEntity)
      .find({ where: { ownerId, chapterId: In(chapterIds) }, select: { chapterId: true } });
    return new Set(rows.map((row) => row.chapterId));
  }

  /** The owner's flashcards of the chapters, with their FSRS memory. */
  cardsOf(ownerId: string, chapterIds: string[]): Promise<FlashcardEntity[]> {
    if (chapterIds.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(FlashcardEntity).find({
      where: { ownerId, chapterId: In(chapterIds) },
      select: { id: true, bookId: true, chapterId: true, reps: true, dueAt: true, fsrs: true },
    });
  }
}
