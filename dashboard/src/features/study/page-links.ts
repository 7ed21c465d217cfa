import { type Book, type Chapter } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { createPageLinkResolver, type PageLinkResolver } from '../../lib/page-references.js';
import { readerQueries } from '../reader/queries.js';

/** Citation links of a book into its reader: by the book's page labels, or its chapter starts until they load. */
export function bookPageLinks(
  book: Pick<Book, 'id' | 'total_pages'>,
  chapters: Chapter[],
  labels?: readonly string[],
  near?: number,
): PageLinkResolver | undefined {
  return createPageLinkResolver(
    book.id,
    {
      labels,
      anchors: chapters.map((chapter) => ({ startPage: chapter.start_page, startLabel: chapter.start_label })),
      totalPages: book.total_pages,
    },
    near,
  );
}

/** bookPageLinks with the book's page labels fetched alongside. */
export function useBookPageLinks(
  book: Pick<Book, 'id' | 'total_pages'>,
  chapters: Chapter[],
  near?: number,
): PageLinkResolver | undefined {
  const { data } = useQuery(readerQueries.pageLabels(book.id));
  return bookPageLinks(book, chapters, data?.labels, near);
}
