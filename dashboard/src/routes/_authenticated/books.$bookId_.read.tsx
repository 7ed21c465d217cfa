import { CITE_MAX_CHARS, MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { bookQueries, ensureFreshBook } from '../../features/books/queries.js';
import { ReaderPage } from '../../features/reader/reader-page.js';
import { loadPdfJs, openPdf, prefetchPdfOpening } from '../../features/reader/pdf-document.js';
import { readerQueries } from '../../features/reader/queries.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

/** `?page=N` is the physical page (1-based); `cite` is a sentence to highlight on it. */
export interface ReaderSearch {
  page: number;
  cite?: string;
}

function parseReaderSearch(search: Record<string, unknown>): ReaderSearch {
  const page = Math.floor(Number(search.page));
  const cite = typeof search.cite === 'string' && search.cite.trim() ? search.cite.slice(0, CITE_MAX_CHARS) : undefined;
  return { page: Number.isFinite(page) && page >= 1 ? page : 1, ...(cite ? { cite } : {}) };
}

export const Route = createFileRoute('/_authenticated/books/$bookId_/read')({
  validateSearch: parseReaderSearch,
  // On a phone the pages take the screen; the reader's own bar leads back to the book.
  staticData: { immersive: true },
  loader: ({ context: { queryClient }, preload, params: { bookId }, location }) => {
    // Not awaited: the book opens (pdf.js once the reader is painted) while the rest loads; labels and highlights
    // decorate the pages.
    void loadPdfJs();
    void queryClient.prefetchQuery(readerQueries.pageLabels(bookId));
    void queryClient.prefetchQuery(readerQueries.highlights(bookId));
    return loadOrLeave(
      MESSAGES.loadBookFailed,
      () =>
        Promise.all([
          ensureFreshBook(queryClient, bookId).then((book) => {
            // A link merely hovered fetches the file's first bytes; a visit opens the book at its page.
            if (preload) void prefetchPdfOpening(bookId, book.pdf_url);
            else openPdf(queryClient, bookId, book.pdf_url, parseReaderSearch(location.search).page);
            return book;
          }),
          queryClient.ensureQueryData(bookQueries.chapters(bookId)),
        ]),
      { preload },
    );
  },
  component: ReaderRoute,
});

function ReaderRoute() {
  const { bookId } = Route.useParams();
  const { page, cite } = Route.useSearch();
  // Another book is another reader: its own zoom, selection and page.
  return <ReaderPage key={bookId} bookId={bookId} page={page} cite={cite} />;
}
