import { Injectable } from '@nestjs/common';
import { indexEntriesOf } from '../../study-kit/index.js';
import { BookRepository } from './book.repository.js';
import type { BookEntity } from './entities/book.entity.js';
import type { ChapterEntity } from './entities/chapter.entity.js';

// A back-of-book index sits in the book's last pages: its last fifth holds it without reading the whole book.
const INDEX_SHARE_FROM_END = 0.2;
// A pamphlet has no index worth reading.
const MIN_PAGES_FOR_INDEX = 20;

/**
 * The book's own terms for a chapter: entries of its back-of-book index that point into the chapter's pages. Topics,
 * flashcards and quizzes all build on them, so they read the index the same way.
 */
@Injectable()
export class BookIndexService {
  constructor(private readonly books: BookRepository) {}

  /** Entries of the book's index (read from its last fifth) that point into the chapter; none without an index. */
  async indexTermsOf(book: BookEntity, chapter: ChapterEntity): Promise<string[]> {
    if (book.totalPages < MIN_PAGES_FOR_INDEX) return [];
    const back = await this.books.pagesOf(
      book.id,
      Math.floor(book.totalPages * (1 - INDEX_SHARE_FROM_END)),
      book.totalPages,
    );
    const index = indexEntriesOf(
      back.map((page) => ({ label: page.label, text: page.text })),
      0,
    );
    if (index.size === 0) return [];
    const chapterLabels = new Set(
      (await this.books.pagesOf(book.id, chapter.startPage, chapter.endPage)).map((page) => page.label),
    );
    return [...index].filter(([, labels]) => labels.some((label) => chapterLabels.has(label))).map(([term]) => term);
  }
}
