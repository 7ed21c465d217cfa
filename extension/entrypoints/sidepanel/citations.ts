import { physicalPageForLabel } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { browser } from 'wxt/browser';
import { unwrap } from '@/components/background.js';
import type { CitationHandler } from '@/components/markdown.js';
import { sendMessage } from '@/utils/messaging.js';
import { libraryQueries } from './queries.js';

// Chapter starts map labels to pages until the book's page labels load.
export function useOpenCitation(bookId: string | undefined, near?: number): CitationHandler {
  const labels = useQuery({ ...libraryQueries.pageLabels(bookId ?? ''), enabled: !!bookId });
  const chapters = useQuery({ ...libraryQueries.chapters(bookId ?? ''), enabled: !!bookId });
  const totalPages = labels.data?.labels.length ?? chapters.data?.at(-1)?.end_page ?? 0;
  return useCallback(
    (label, sentence) => {
      if (!bookId) return;
      const page = physicalPageForLabel(
        label,
        {
          labels: labels.data?.labels,
          anchors: (chapters.data ?? []).map((chapter) => ({
            startPage: chapter.start_page,
            startLabel: chapter.start_label,
          })),
          totalPages,
        },
        near,
      );
      if (page === null) return;
      void browser.windows
        .getCurrent()
        .then((window) =>
          unwrap(
            sendMessage('openCitation', { bookId, page, cite: sentence || undefined, windowId: window.id ?? null }),
          ),
        )
        .catch(() => undefined);
    },
    [bookId, labels.data, chapters.data, totalPages, near],
  );
}
