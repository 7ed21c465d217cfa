import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type Repository } from 'typeorm';
import { BookEntity } from '../books/entities/book.entity.js';
import { ChapterEntity } from '../books/entities/chapter.entity.js';
import { PageEntity } from '../books/entities/page.entity.js';

export interface PageKey {
  bookId: string;
  page: number;
}

export interface StoredPage extends PageKey {
  label: string;
  text: string;
}

export interface ChapterSpan {
  id: string;
  bookId: string;
  title: string;
  label: string | null;
  startPage: number;
  endPage: number;
}

@Injectable()
export class SearchRepository {
  private readonly books: Repository<BookEntity>;
  private readonly pages: Repository<PageEntity>;
  private readonly chapters: Repository<ChapterEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.books = dataSource.getRepository(BookEntity);
    this.pages = dataSource.getRepository(PageEntity);
    this.chapters = dataSource.getRepository(ChapterEntity);
  }

  async ownsBook(ownerId: string, bookId: string): Promise<boolean> {
    return (await this.books.countBy({ id: bookId, ownerId })) > 0;
  }

  async pagesAt(keys: readonly PageKey[]): Promise<StoredPage[]> {
    if (keys.length === 0) return [];
    // One primary-key range per book: (book_id, number IN …) uses the index where OR-ed pairs may not.
    const byBook = new Map<string, number[]>();
    for (const key of keys) byBook.set(key.bookId, [...(byBook.get(key.bookId) ?? []), key.page]);
    const rows = await this.pages.find({
      select: { bookId: true, number: true, label: true, text: true },
      where: [...byBook].map(([bookId, numbers]) => ({ bookId, number: In(numbers) })),
    });
    return rows.map((row) => ({ bookId: row.bookId, page: row.number, label: row.label, text: row.text }));
  }

  async bookTitles(bookIds: readonly string[]): Promise<Map<string, string>> {
    if (bookIds.length === 0) return new Map();
    const rows = await this.books.find({ select: { id: true, title: true }, where: { id: In([...bookIds]) } });
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  async chaptersOf(bookIds: readonly string[]): Promise<ChapterSpan[]> {
    if (bookIds.length === 0) return [];
    return this.chapters.find({
      select: { id: true, bookId: true, title: true, label: true, startPage: true, endPage: true },
      where: { bookId: In([...bookIds]) },
      order: { chapterNumber: 'ASC' },
    });
  }
}
