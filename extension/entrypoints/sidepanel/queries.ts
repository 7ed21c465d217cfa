import type { Book, BookListItem, BookStatus } from '@chapterwise/shared';
import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/components/background.js';
import { sendMessage } from '@/utils/messaging.js';
import { savedChapterCopies, savedChapterCopy } from '@/utils/saved-chapters.js';

/** Ingestion and whole-book summaries are polled at the spec's 2 s interval while they run. */
export const POLL_INTERVAL_MS = 2000;

export const isProcessing = (status: BookStatus) => status !== 'completed' && status !== 'failed';

const bookIsBusy = (book: Book | undefined) =>
  !!book && (isProcessing(book.status) || book.summary_job?.status === 'generating');

export const libraryQueries = {
  books: () =>
    queryOptions({
      queryKey: ['books'],
      queryFn: () => unwrap(sendMessage('listBooks')),
      refetchInterval: (query) =>
        (query.state.data as BookListItem[] | undefined)?.some((book) => isProcessing(book.status))
          ? POLL_INTERVAL_MS
          : false,
    }),
  book: (bookId: string) =>
    queryOptions({
      queryKey: ['books', bookId],
      queryFn: () => unwrap(sendMessage('getBook', bookId)),
      refetchInterval: (query) => (bookIsBusy(query.state.data) ? POLL_INTERVAL_MS : false),
    }),
  chapters: (bookId: string) =>
    queryOptions({
      queryKey: ['books', bookId, 'chapters'],
      queryFn: () => unwrap(sendMessage('listChapters', bookId)),
    }),
  chapter: (chapterId: string) =>
    queryOptions({
      queryKey: ['chapters', chapterId],
      queryFn: () => unwrap(sendMessage('getChapter', chapterId)),
    }),
  search: (q: string) =>
    queryOptions({
      queryKey: ['search', q],
      queryFn: () => unwrap(sendMessage('searchLibrary', { q })),
      staleTime: 30_000,
    }),
  /** The chapter as last read on this device, for when the server cannot be reached. */
  savedChapter: (userId: string, chapterId: string) =>
    queryOptions({
      queryKey: ['saved-chapters', userId, chapterId],
      queryFn: () => savedChapterCopy(userId, chapterId),
      retry: false,
    }),
  savedChapters: (userId: string) =>
    queryOptions({
      queryKey: ['saved-chapters', userId],
      queryFn: () => savedChapterCopies(userId),
      retry: false,
    }),
  /** Printed page labels change only when a book is read again: kept for the panel's life. */
  pageLabels: (bookId: string) =>
    queryOptions({
      queryKey: ['books', bookId, 'page-labels'],
      queryFn: () => unwrap(sendMessage('pageLabels', bookId)),
      staleTime: Infinity,
    }),
  topics: (chapterId: string) =>
    queryOptions({
      queryKey: ['chapters', chapterId, 'topics'],
      queryFn: () => unwrap(sendMessage('listTopics', chapterId)),
    }),
};
