import { MESSAGES, summaryPdfReady, type Book } from '@chapterwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { downloadFile, openPendingTab } from '../../lib/new-tab.js';
import { useValueChange } from '../../lib/use-value-change.js';
import {
  bookKeys,
  bookQueries,
  isProcessing,
  useBookAudioMutation,
  useExportSlidesMutation,
  useSummarizeBookMutation,
  useSummaryPdfMutation,
} from './queries.js';

// Not in the spec's catalogue: the slide export is an addition of ours.
export const SLIDES_FAILED = 'Failed to export slides';

export function withDownload(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** Books whose upload was already announced in this tab (a reload keeps the history state). */
const announcedUploads = new Set<string>();

export interface PlayingAudio {
  kind: 'book' | 'book_full';
  url: string;
  label: string;
}

function summaryState(book: Book): 'ready' | 'generating' | 'failed' | 'none' {
  if (book.full_summary) return 'ready';
  return book.summary_job?.status ?? 'none';
}

export function useBookActions(book: Book) {
  const queryClient = useQueryClient();
  const [audio, setAudio] = useState<PlayingAudio | null>(null);

  // Opened by an upload: "processed successfully" is said once, when processing has really finished.
  const justUploaded = useRouterState({ select: (state) => state.location.state.justUploaded === true });
  useEffect(() => {
    if (!justUploaded || book.status !== 'completed' || announcedUploads.has(book.id)) return;
    announcedUploads.add(book.id);
    toast.success(MESSAGES.bookUploaded);
  }, [justUploaded, book.status, book.id]);

  useValueChange(book.status, (before, after) => {
    if (after === 'completed' && before !== 'completed') {
      void queryClient.invalidateQueries({ queryKey: bookKeys.chapters(book.id) });
      void queryClient.invalidateQueries({ queryKey: bookKeys.list() });
    }
  });
  // A summary generated in the background (202 path) arrived, or failed.
  useValueChange(summaryState(book), (before, after) => {
    if (before !== 'generating') return;
    if (after === 'ready') toast.success(MESSAGES.bookSummaryGenerated);
    if (after === 'failed') toast.error(MESSAGES.summaryFailed);
  });

  const summarize = useSummarizeBookMutation(book.id, {
    onGenerated: () => toast.success(MESSAGES.bookSummaryGenerated),
    onFailed: (error) => toastError(error, MESSAGES.summaryFailed, { preferDetail: false }),
  });

  const listen = useBookAudioMutation(book.id, {
    onReady: ({ audio_url }, contentType) => {
      setAudio({
        kind: contentType,
        url: audio_url,
        label: contentType === 'book' ? 'Book summary' : 'The whole book',
      });
      toast.success(MESSAGES.audioPlaying);
    },
    onFailed: (error) => toastError(error, MESSAGES.audioFailed),
  });

  // The summary PDF downloads; "Open" beside the button shows it in a tab (with a fresh link each time).
  const summaryPdf = useSummaryPdfMutation(book.id, {
    onReady: (result) => {
      toast.success(summaryPdfReady(result.target_pages, result.original_pages));
      downloadFile(withDownload(result.pdf_url), `${book.title} - summary.pdf`);
    },
    onFailed: (error) => toastError(error, MESSAGES.pdfFailed),
  });

  const slides = useExportSlidesMutation(book.id, {
    onReady: ({ pptx_url, slides: count, chapters_without_summary: missing }) => {
      downloadFile(pptx_url, `${book.title}.pptx`);
      toast.success(`Slides ready: ${count} slides`, {
        description:
          missing.length > 0
            ? `No summary yet for ${missing.join(', ')}: those chapters have title slides only.`
            : 'Every chapter has its summary slides.',
      });
    },
    onFailed: (error) => toastError(error, SLIDES_FAILED),
  });

  const ready = !isProcessing(book) && book.status === 'completed';
  return {
    ready,
    audio,
    summarize,
    listen,
    summaryPdf,
    slides,
    generateSummary: () => summarize.mutate(),
    listenToSummary: () => listen.mutate('book'),
    listenToWholeBook: () => listen.mutate('book_full'),
    downloadSummaryPdf: () => summaryPdf.mutate(),
    summaryPdfUrl: summaryPdf.data?.pdf_url,
    // Signed links last minutes; a page left open for an hour asks for a fresh one on each click.
    // The tab opens during the click so popup blockers let it through.
    openSummaryPdf: (event: MouseEvent) => {
      event.preventDefault();
      const tab = openPendingTab('Opening your summary PDF…');
      api.exportSummaryPdf(book.id).then(
        (result) => tab.go(result.pdf_url),
        (error: unknown) => {
          tab.close();
          toastError(error, MESSAGES.pdfFailed);
        },
      );
    },
    openPdf: (event: MouseEvent) => {
      event.preventDefault();
      const tab = openPendingTab('Opening your book…');
      queryClient.fetchQuery({ ...bookQueries.detail(book.id), staleTime: 0 }).then(
        (fresh) => tab.go(fresh.pdf_url),
        (error: unknown) => {
          tab.close();
          toastError(error, MESSAGES.loadBookFailed);
        },
      );
    },
    exportSlides: () => slides.mutate(),
  };
}
