import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, In, type DataSource, type Repository } from 'typeorm';
import { BookEntity } from './entities/book.entity.js';
import { ChapterEntity } from './entities/chapter.entity.js';
import { PageEntity } from './entities/page.entity.js';
import { retryingLockConflicts, transactionWithRetry } from '../../database/transaction-retry.js';

// A few milliseconds of writing each; few enough rows to stay under SQLite's bound-parameter cap.
const PAGES_PER_TRANSACTION = 50;

export type BookProgress = Partial<
  Pick<
    BookEntity,
    | 'status'
    | 'progress'
    | 'statusDetail'
    | 'error'
    | 'summaryStatus'
    | 'summaryProgress'
    | 'summaryError'
    | 'summaryErrorCode'
  >
>;

@Injectable()
export class BookRepository {
  private readonly books: Repository<BookEntity>;
  private readonly pages: Repository<PageEntity>;
  private readonly chapters: Repository<ChapterEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.books = dataSource.getRepository(BookEntity);
    this.pages = dataSource.getRepository(PageEntity);
    this.chapters = dataSource.getRepository(ChapterEntity);
  }

  listOwned(ownerId: string): Promise<BookEntity[]> {
    return this.books.find({ where: { ownerId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findOwned(ownerId: string, id: string): Promise<BookEntity | null> {
    return this.books.findOneBy({ ownerId, id });
  }

  findOwnedByFile(ownerId: string, fileSha256: string): Promise<BookEntity | null> {
    return this.books.findOneBy({ ownerId, fileSha256 });
  }

  findOwnedBySource(ownerId: string, sourceUrl: string): Promise<BookEntity | null> {
    return this.books.findOne({ where: { ownerId, sourceUrl }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findById(id: string): Promise<BookEntity | null> {
    return this.books.findOneBy({ id });
  }

  async insert(book: BookEntity): Promise<void> {
    await this.books.insert(book);
  }

  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    // The cascade meets the notes being written just after processing: on MySQL one of the two may be a deadlock's victim.
    const result = await retryingLockConflicts(() => this.books.delete({ ownerId, id }));
    return (result.affected ?? 0) > 0;
  }

  async updateProgress(id: string, fields: BookProgress): Promise<void> {
    await this.books.update({ id }, fields);
  }

  async updateFields(id: string, fields: Partial<BookEntity>): Promise<void> {
    await this.books.update({ id }, fields);
  }

  // Pages go in short batched transactions: SQLite writes run on the API's thread and one long transaction held
  // every request for up to 150 ms. `completed` comes in the last one; a retried job rewrites pages from the first.
  async saveExtraction(
    bookId: string,
    pages: PageEntity[],
    chapters: ChapterEntity[],
    fields: Partial<BookEntity>,
  ): Promise<boolean> {
    for (let start = 0; start === 0 || start < pages.length; start += PAGES_PER_TRANSACTION) {
      const stored = await transactionWithRetry(this.dataSource, async (tx) => {
        if (!(await tx.existsBy(BookEntity, { id: bookId }))) return false;
        if (start === 0) {
          await tx.delete(ChapterEntity, { bookId });
          await tx.delete(PageEntity, { bookId });
        }
        const batch = pages.slice(start, start + PAGES_PER_TRANSACTION);
        if (batch.length > 0) await tx.insert(PageEntity, batch);
        return true;
      });
      if (!stored) return false;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return transactionWithRetry(this.dataSource, async (tx) => {
      if (!(await tx.existsBy(BookEntity, { id: bookId }))) return false;
      // Chunked: SQLite caps bound parameters per statement.
      for (let i = 0; i < chapters.length; i += 100) await tx.insert(ChapterEntity, chapters.slice(i, i + 100));
      await tx.update(BookEntity, { id: bookId }, fields);
      return true;
    });
  }

  async countChaptersOf(bookIds: string[]): Promise<Map<string, number>> {
    if (bookIds.length === 0) return new Map();
    const rows: Array<{ bookId: string; count: string | number }> = await this.chapters
      .createQueryBuilder('chapter')
      .select('chapter.book_id', 'bookId')
      .addSelect('COUNT(*)', 'count')
      .where('chapter.book_id IN (:...bookIds)', { bookIds })
      .groupBy('chapter.book_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.bookId, Number(row.count)]));
  }

  async markOpened(ownerId: string, id: string): Promise<void> {
    await this.books.update({ id, ownerId }, { lastOpenedAt: new Date() });
  }

  countChapters(bookId: string): Promise<number> {
    return this.chapters.countBy({ bookId });
  }

  listChapters(bookId: string): Promise<ChapterEntity[]> {
    return this.chapters.find({ where: { bookId }, order: { chapterNumber: 'ASC' } });
  }

  async findOwnedChapter(
    ownerId: string,
    chapterId: string,
  ): Promise<{ chapter: ChapterEntity; book: BookEntity } | null> {
    const chapter = await this.chapters.findOneBy({ id: chapterId });
    if (!chapter) return null;
    const book = await this.books.findOneBy({ id: chapter.bookId, ownerId });
    return book ? { chapter, book } : null;
  }

  pagesOf(bookId: string, startPage: number, endPage: number): Promise<PageEntity[]> {
    return this.pages.find({ where: { bookId, number: Between(startPage, endPage) }, order: { number: 'ASC' } });
  }

  /**
   * The opening pages of the chapters nearest `chapter` (by number): real concepts of the same book, which a short
   * chapter's quiz and question bank draw their wrong options from.
   */
  async openingPagesOfNearestChapters(
    chapter: ChapterEntity,
    { chapters, pagesEach }: { chapters: number; pagesEach: number },
  ): Promise<PageEntity[]> {
    const nearest = (await this.listChapters(chapter.bookId))
      .filter((other) => other.id !== chapter.id)
      .sort(
        (a, b) => Math.abs(a.chapterNumber - chapter.chapterNumber) - Math.abs(b.chapterNumber - chapter.chapterNumber),
      )
      .slice(0, chapters);
    const pages = await Promise.all(
      nearest.map((other) =>
        this.pagesOf(chapter.bookId, other.startPage, Math.min(other.endPage, other.startPage + pagesEach - 1)),
      ),
    );
    return pages.flat();
  }

  countIngesting(): Promise<number> {
    return this.books.count({ where: { status: In(['queued', 'extracting', 'ocr', 'detecting_chapters']) } });
  }

  pagesNumbered(bookId: string, numbers: number[]): Promise<PageEntity[]> {
    if (numbers.length === 0) return Promise.resolve([]);
    return this.pages.find({ where: { bookId, number: In(numbers) }, order: { number: 'ASC' } });
  }

  async pageLabels(bookId: string): Promise<string[]> {
    const rows = await this.pages.find({
      select: { number: true, label: true },
      where: { bookId },
      order: { number: 'ASC' },
    });
    return rows.map((row) => row.label);
  }

  async setChapterSummary(chapterId: string, summary: string, engine: ChapterEntity['summaryEngine']): Promise<void> {
    await this.chapters.update({ id: chapterId }, { summary, summaryEngine: engine });
  }
}
