import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  FIND_IN_BOOK_MAX_MATCHES,
  type CreateHighlightRequest,
  type FindInBookResult,
  type Highlight,
  type UpdateHighlightRequest,
} from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import { findInPages } from './find-in-book.js';
import { HighlightEntity } from './highlight.entity.js';
import { HighlightRepository } from './highlight.repository.js';
import { notesMarkdown } from './notes-markdown.js';

// Every read and write is scoped to the owner.
@Injectable()
export class ReaderService {
  constructor(
    private readonly books: BookRepository,
    private readonly highlights: HighlightRepository,
  ) {}

  async pageLabels(ownerId: string, bookId: string): Promise<{ labels: string[] }> {
    const book = await this.ownedBook(ownerId, bookId);
    return { labels: await this.books.pageLabels(book.id) };
  }

  async find(ownerId: string, bookId: string, query: string): Promise<FindInBookResult> {
    const book = await this.ownedBook(ownerId, bookId);
    const pages = await this.books.pagesOf(book.id, 1, Math.max(1, book.totalPages));
    return findInPages(pages, query, FIND_IN_BOOK_MAX_MATCHES);
  }

  async list(ownerId: string, bookId: string): Promise<Highlight[]> {
    const book = await this.ownedBook(ownerId, bookId);
    const rows = await this.highlights.listOwnedInBook(ownerId, book.id);
    return this.toDtos(book, rows);
  }

  async create(ownerId: string, bookId: string, body: CreateHighlightRequest): Promise<Highlight> {
    const book = await this.ownedBook(ownerId, bookId);
    assertPageInBook(book, body.page);
    const row = await this.highlights.insert(
      Object.assign(new HighlightEntity(), {
        id: randomUUID(),
        ownerId,
        bookId: book.id,
        page: body.page,
        text: body.text,
        note: body.note || null,
        color: body.color ?? 'yellow',
      }),
    );
    return (await this.toDtos(book, [row]))[0]!;
  }

  async update(ownerId: string, id: string, body: UpdateHighlightRequest): Promise<Highlight> {
    const fields: Partial<Pick<HighlightEntity, 'note' | 'color'>> = {};
    if (body.note !== undefined) fields.note = body.note || null;
    if (body.color !== undefined) fields.color = body.color;
    const row = await this.highlights.updateOwned(ownerId, id, fields);
    if (!row) throw AppError.notFound('Highlight not found');
    const book = await this.ownedBook(ownerId, row.bookId);
    return (await this.toDtos(book, [row]))[0]!;
  }

  async delete(ownerId: string, id: string): Promise<void> {
    if (!(await this.highlights.deleteOwned(ownerId, id))) throw AppError.notFound('Highlight not found');
  }

  async notesMarkdown(ownerId: string, bookId: string): Promise<{ fileName: string; markdown: string }> {
    const book = await this.ownedBook(ownerId, bookId);
    const [rows, chapters, labels] = await Promise.all([
      this.highlights.listOwnedInBook(ownerId, book.id),
      this.books.listChapters(book.id),
      this.books.pageLabels(book.id),
    ]);
    const markdown = notesMarkdown(
      {
        title: book.title,
        chapters,
        labelOf: (page) => labels[page - 1] || String(page),
      },
      rows,
    );
    const fileName = `${book.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'book'} - notes.md`;
    return { fileName, markdown };
  }

  private async ownedBook(ownerId: string, bookId: string): Promise<BookEntity> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    return book;
  }

  private async toDtos(book: BookEntity, rows: HighlightEntity[]): Promise<Highlight[]> {
    if (rows.length === 0) return [];
    const [chapters, labels] = await Promise.all([this.books.listChapters(book.id), this.books.pageLabels(book.id)]);
    return rows.map((row) => toHighlightDto(row, labels, chapterOf(chapters, row.page)));
  }
}

function chapterOf(chapters: ChapterEntity[], page: number): ChapterEntity | undefined {
  return chapters.find((chapter) => page >= chapter.startPage && page <= chapter.endPage);
}

export function assertPageInBook(book: BookEntity, page: number): void {
  if (page > book.totalPages)
    throw AppError.validation(`page must be between 1 and ${book.totalPages}, the pages of this book`);
}

function toHighlightDto(row: HighlightEntity, labels: string[], chapter: ChapterEntity | undefined): Highlight {
  return {
    id: row.id,
    book_id: row.bookId,
    page: row.page,
    page_label: labels[row.page - 1] || String(row.page),
    chapter_id: chapter?.id ?? null,
    text: row.text,
    note: row.note,
    color: row.color as Highlight['color'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
