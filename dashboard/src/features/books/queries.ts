import { type Book, type BookListItem, type BookStatus, type Chapter } from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { signedUrlLasts } from '../../lib/signed-url.js';

/** How often a book that is still being processed (or summarised) is checked again. */
export const BOOK_PROGRESS_POLL_MS = 2000;

const PREPARE_POLLS = 30;

const SETTLED: readonly BookStatus[] = ['completed', 'failed'];

export function isProcessing(book: Pick<BookListItem, 'status'>): boolean {
  return !SETTLED.includes(book.status);
}

export function isSummaryGenerating(book: Pick<Book, 'full_summary' | 'summary_job'>): boolean {
  return !book.full_summary && book.summary_job?.status === 'generating';
}

export const bookKeys = {
  all: ['books'] as const,
  list: () => [...bookKeys.all, 'list'] as const,
  detail: (bookId: string) => [...bookKeys.all, 'detail', bookId] as const,
  chapters: (bookId: string) => [...bookKeys.detail(bookId), 'chapters'] as const,
};

export const bookQueries = {
  /** The library; polled while any book is still being processed so cards update live. */
  list: () =>
    queryOptions({
      queryKey: bookKeys.list(),
      queryFn: () => api.listBooks(),
      refetchInterval: (query) => (query.state.data?.some(isProcessing) ? BOOK_PROGRESS_POLL_MS : false),
    }),
  /** One book; polled while it is processed or its summary is generated in the background. */
  detail: (bookId: string) =>
    queryOptions({
      queryKey: bookKeys.detail(bookId),
      queryFn: () => api.getBook(bookId),
      refetchInterval: (query) => {
        const book = query.state.data;
        return book && (isProcessing(book) || isSummaryGenerating(book)) ? BOOK_PROGRESS_POLL_MS : false;
      },
    }),
  chapters: (bookId: string) =>
    queryOptions({ queryKey: bookKeys.chapters(bookId), queryFn: () => api.listChapters(bookId) }),
  /**
   * Chapters of a book whose offline notes are being written right after ingestion: polled until every
   * chapter has its notes (bounded, in case preparing is switched off).
   */
  preparedChapters: (bookId: string, engine: Book['engine'] | undefined) =>
    queryOptions({
      ...bookQueries.chapters(bookId),
      refetchInterval: (query) =>
        engine === 'offline' &&
        query.state.dataUpdateCount < PREPARE_POLLS &&
        query.state.data?.some((chapter) => !chapter.summary)
          ? BOOK_PROGRESS_POLL_MS
          : false,
    }),
};

/**
 * The book for a screen that opens its file (the reader): the cached one while its signed pdf_url
 * lasts a few more minutes, else fetched again, so a citation clicked on a page left open for an
 * hour opens the book instead of an expired link.
 */
export function ensureFreshBook(queryClient: QueryClient, bookId: string): Promise<Book> {
  const cached = queryClient.getQueryData(bookQueries.detail(bookId).queryKey);
  if (cached && signedUrlLasts(cached.pdf_url)) return Promise.resolve(cached);
  return queryClient.fetchQuery({ ...bookQueries.detail(bookId), staleTime: 0 });
}

/**
 * The student's chapter edits (rename, merge with next, split, delete) and re-running detection. Every edit
 * answers with the book's chapters, which replace the cached list; the book is refetched for its counts.
 */
export function useChapterEditMutation(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: ChapterEdit): Promise<Chapter[] | null> => {
      switch (edit.kind) {
        case 'rename':
          await api.renameChapter(edit.chapterId, { title: edit.title });
          return null;
        case 'merge':
          return api.mergeChapterWithNext(edit.chapterId);
        case 'split':
          return api.splitChapter(edit.chapterId, { page: edit.page });
        case 'delete':
          return (await api.deleteChapter(edit.chapterId)).chapters;
      }
    },
    onSuccess: async (chapters) => {
      if (chapters) queryClient.setQueryData(bookKeys.chapters(bookId), chapters);
      else await queryClient.invalidateQueries({ queryKey: bookKeys.chapters(bookId) });
      // The book's counts only: its chapter list (a key under it) is the answer already.
      await queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId), exact: true });
    },
  });
}

export function useRedetectMutation(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.redetectChapters(bookId),
    onSuccess: async () => {
      // The book is processed again: polling its detail brings the new chapters when it completes.
      await queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) });
    },
  });
}

export type ChapterEdit =
  | { kind: 'rename'; chapterId: string; title: string }
  | { kind: 'merge'; chapterId: string }
  | { kind: 'split'; chapterId: string; page: number }
  | { kind: 'delete'; chapterId: string };
