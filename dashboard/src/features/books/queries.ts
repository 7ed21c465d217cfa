import {
  type AudioResponse,
  type Book,
  type BookListItem,
  type BookStatus,
  type Chapter,
  type ChapterPreparation,
  type PptxResponse,
  type SummaryPdfResponse,
} from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { signedUrlLasts } from '../../lib/signed-url.js';

export const BOOK_PROGRESS_POLL_MS = 2000;

const PREPARE_POLLS = 30;

const SETTLED: readonly BookStatus[] = ['completed', 'failed'];

export function isProcessing(book: Pick<BookListItem, 'status'>): boolean {
  return !SETTLED.includes(book.status);
}

/**
 * The offline engine writes every chapter's notes right after processing: a page waiting for them polls until
 * `missing` turns false or a minute of polling has passed, and says they are on their way meanwhile.
 */
export function offlineNotesPending(
  engine: Book['engine'] | undefined,
  query: { dataUpdateCount: number },
  missing: boolean,
): boolean {
  return engine === 'offline' && query.dataUpdateCount < PREPARE_POLLS && missing;
}

/** The book page's chapters, until every one has its notes. */
export function offlineNotesArriving(
  engine: Book['engine'] | undefined,
  chapters: { data?: Chapter[]; dataUpdateCount: number } | undefined,
): boolean {
  return (
    chapters !== undefined &&
    offlineNotesPending(engine, chapters, chapters.data?.some((chapter) => !chapter.summary) ?? false)
  );
}

export function isSummaryGenerating(book: Pick<Book, 'full_summary' | 'summary_job'>): boolean {
  return !book.full_summary && book.summary_job?.status === 'generating';
}

export const bookKeys = {
  all: ['books'] as const,
  list: () => [...bookKeys.all, 'list'] as const,
  detail: (bookId: string) => [...bookKeys.all, 'detail', bookId] as const,
  chapters: (bookId: string) => [...bookKeys.detail(bookId), 'chapters'] as const,
  preparation: (bookId: string) => [...bookKeys.detail(bookId), 'preparation'] as const,
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
  /** Polled until every chapter has its offline notes (bounded, in case preparing is switched off). */
  preparedChapters: (bookId: string, engine: Book['engine'] | undefined) =>
    queryOptions({
      ...bookQueries.chapters(bookId),
      refetchInterval: (query) => (offlineNotesArriving(engine, query.state) ? BOOK_PROGRESS_POLL_MS : false),
    }),
  /** "Prepare all chapters" with a model: progress and estimate, polled while the job runs. */
  preparation: (bookId: string) =>
    queryOptions({
      queryKey: bookKeys.preparation(bookId),
      queryFn: () => api.getChapterPreparation(bookId),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? BOOK_PROGRESS_POLL_MS : false),
    }),
};

/** Starts "Prepare all chapters"; its answer is the progress to show (and poll) from now on. */
export function usePrepareChaptersMutation(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.prepareChapters(bookId),
    onSuccess: (preparation: ChapterPreparation) => queryClient.setQueryData(bookKeys.preparation(bookId), preparation),
  });
}

/** The cached book while its signed pdf_url lasts a few more minutes, else fetched again: no expired link. */
export function ensureFreshBook(queryClient: QueryClient, bookId: string): Promise<Book> {
  const cached = queryClient.getQueryData(bookQueries.detail(bookId).queryKey);
  if (cached && signedUrlLasts(cached.pdf_url)) return Promise.resolve(cached);
  return queryClient.fetchQuery({ ...bookQueries.detail(bookId), staleTime: 0 });
}

/** Every edit answers with the book's chapters, which replace the cached list; the book is refetched for counts. */
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

/** A long book answers 202 and is polled until full_summary appears, so only the short case is announced. */
export function useSummarizeBookMutation(
  bookId: string,
  { onGenerated, onFailed }: { onGenerated: () => void; onFailed: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  const detailKey = bookQueries.detail(bookId).queryKey;
  return useMutation({
    mutationFn: () => api.summarizeBook(bookId),
    onSuccess: async (result) => {
      if ('summary' in result) {
        queryClient.setQueryData(
          detailKey,
          (old) => old && { ...old, full_summary: result.summary, summary_job: null },
        );
        onGenerated();
        return;
      }
      queryClient.setQueryData(
        detailKey,
        (old) =>
          old && { ...old, summary_job: { status: 'generating' as const, progress: result.progress, error: null } },
      );
      await queryClient.invalidateQueries({ queryKey: detailKey });
    },
    onError: onFailed,
  });
}

/** The book summary or the whole book read aloud; the signed audio link is the page's to play. */
export function useBookAudioMutation(
  bookId: string,
  {
    onReady,
    onFailed,
  }: { onReady: (audio: AudioResponse, contentType: 'book' | 'book_full') => void; onFailed: (error: unknown) => void },
) {
  return useMutation({
    mutationFn: (contentType: 'book' | 'book_full') =>
      api.generateAudio({ content_type: contentType, content_id: bookId }),
    onSuccess: onReady,
    onError: onFailed,
  });
}

/** The summary PDF is built on request; its signed link stays in the mutation's data for the "Open" link. */
export function useSummaryPdfMutation(
  bookId: string,
  { onReady, onFailed }: { onReady: (pdf: SummaryPdfResponse) => void; onFailed: (error: unknown) => void },
) {
  return useMutation({
    mutationFn: () => api.exportSummaryPdf(bookId),
    onSuccess: onReady,
    onError: onFailed,
  });
}

export function useExportSlidesMutation(
  bookId: string,
  { onReady, onFailed }: { onReady: (deck: PptxResponse) => void; onFailed: (error: unknown) => void },
) {
  return useMutation({
    mutationFn: () => api.exportPptx(bookId),
    onSuccess: onReady,
    onError: onFailed,
  });
}
