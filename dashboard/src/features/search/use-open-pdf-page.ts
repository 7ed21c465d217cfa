import { MESSAGES } from '@chapterwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toastError } from '../../lib/errors.js';
import { openPendingTab } from '../../lib/new-tab.js';
import { pdfPageUrl } from '../../lib/page-references.js';
import { bookQueries } from '../books/queries.js';

// pdf_url is signed for 15 minutes: a book fetched within the last minute still has a valid one.
const PDF_URL_REUSE_MS = 60_000;

/** The tab opens during the click (popup blockers allow it) and goes to the PDF once a fresh signed URL is known. */
export function useOpenPdfPage(): (bookId: string, page: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (bookId, page) => {
      const tab = openPendingTab('Opening the PDF…');
      queryClient
        .fetchQuery({ ...bookQueries.detail(bookId), staleTime: PDF_URL_REUSE_MS })
        .then((book) => tab.go(pdfPageUrl(book.pdf_url, page)))
        .catch((error: unknown) => {
          tab.close();
          toastError(error, MESSAGES.loadBookFailed, { preferDetail: false });
        });
    },
    [queryClient],
  );
}
