import { type Book, type Chapter } from '@chapterwise/shared';
import { createPageLinkResolver, type PageLinkResolver } from '../../lib/page-references.js';

/** Page-reference links of a book, placed with its chapters' first pages and labels. */
export function bookPageLinks(
  book: Pick<Book, 'pdf_url' | 'total_pages'>,
  chapters: Chapter[],
): PageLinkResolver | undefined {
  return createPageLinkResolver(
    book.pdf_url,
    chapters.map((chapter) => ({ startPage: chapter.start_page, startLabel: chapter.start_label })),
    book.total_pages,
  );
}
