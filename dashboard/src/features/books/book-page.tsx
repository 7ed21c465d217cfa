import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { CHAPTER_EDIT_MESSAGES } from '@chapterwise/shared';
import {
  BookOpen,
  ExternalLink,
  FileDown,
  Headphones,
  Presentation,
  Sparkles,
  AudioLines,
  RotateCcw,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { BackLink } from '../../components/back-link.js';
import { AudioPlayer } from '../../components/ui/audio-player.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { BookStudyPanel } from '../studio/book-study-panel.js';
import { studioQueries } from '../studio/queries.js';
import { toastError } from '../../lib/errors.js';
import { cn } from '../../lib/cn.js';
import { EngineNote } from '../study/engine-note.js';
import { useBookPageLinks } from '../study/page-links.js';
import { ReadLink } from '../reader/read-link.js';
import { SummaryMarkdown } from '../study/summary-markdown.js';
import { BookOutline } from './book-outline.js';
import { ChapterAccordion } from './chapter-accordion.js';
import { AfterFirstPaint } from '../../components/after-first-paint.js';
import { PrepareChapters } from './prepare-chapters.js';
import { ProcessingPanel } from './processing-panel.js';
import { bookQueries, isSummaryGenerating, offlineNotesArriving, useRedetectMutation } from './queries.js';
import { StatusBadge } from './status-badge.js';
import { type PlayingAudio, useBookActions } from './use-book-actions.js';

export function BookPage({ bookId }: { bookId: string }) {
  const { data: book } = useSuspenseQuery(bookQueries.detail(bookId));
  const completedEngine = book.status === 'completed' ? book.engine : undefined;
  const { data: chapters } = useSuspenseQuery(bookQueries.preparedChapters(bookId, completedEngine));
  const queryClient = useQueryClient();
  const notesArriving = offlineNotesArriving(
    completedEngine,
    queryClient.getQueryState(bookQueries.chapters(bookId).queryKey),
  );
  const actions = useBookActions(book);
  const resolvePageLink = useBookPageLinks(book, chapters);
  const generating = isSummaryGenerating(book);
  const progress = useQuery({ ...studioQueries.progress(bookId), retry: false, enabled: book.status === 'completed' });
  const [summaryOpen, setSummaryOpen] = useState(false);
  // Whole-book audio and slides are made of chapter notes: they wait until every chapter has them.
  const chaptersWithNotes = chapters.filter((chapter) => chapter.summary).length;
  const exportsReady = actions.ready && chapters.length > 0 && chaptersWithNotes === chapters.length;
  const exportsNeed = !actions.ready
    ? 'Available once the book has been processed.'
    : `Needs every chapter's notes first: ${chaptersWithNotes} of ${chapters.length} ready. Generate the book summary to write the rest.`;
  const redetect = useRedetectMutation(bookId);
  const [confirmRedetect, setConfirmRedetect] = useState(false);
  const editable = book.status === 'completed' && chapters.length > 0;

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${book.title} · ChapterWise`}</title>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>

      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{book.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
            {/* Counts are known once processing ends: never "0 pages • 0 chapters". */}
            {book.status === 'completed' && <span>{`${book.total_pages} pages • ${book.chapter_count} chapters`}</span>}
            <StatusBadge status={book.status} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:justify-end">
          {book.status === 'completed' && <ReadLink bookId={book.id} />}
          <a
            href={book.pdf_url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={actions.openPdf}
            className={buttonClasses({ variant: 'outline' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View PDF
          </a>
        </div>
      </div>

      <ProcessingPanel book={book} />

      <AfterFirstPaint>
        {/* A failed book has nothing to summarise or export: the panel above says why. */}
        {book.status !== 'failed' && (
          <>
            <Card className="mt-6 p-5 sm:p-7">
              <div className="flex items-center gap-2">
                <Sparkles className="size-5 text-brand-600" aria-hidden="true" />
                <h2 className="text-lg font-semibold text-slate-900">Book Summary</h2>
              </div>
              {book.status === 'completed' && <BookOutline chapters={chapters} />}
              {book.full_summary ? (
                <>
                  {/* On a phone the summary starts folded, so the chapters are a short scroll away. */}
                  <div
                    id="book-summary-text"
                    className={cn('relative mt-4', !summaryOpen && 'max-sm:max-h-72 max-sm:overflow-hidden')}
                  >
                    <SummaryMarkdown text={book.full_summary} resolvePageLink={resolvePageLink} />
                    {!summaryOpen && (
                      <div
                        aria-hidden="true"
                        className="absolute inset-x-0 bottom-0 h-20 bg-gradient-to-t from-white sm:hidden"
                      />
                    )}
                  </div>
                  <button
                    type="button"
                    aria-expanded={summaryOpen}
                    aria-controls="book-summary-text"
                    onClick={() => setSummaryOpen((open) => !open)}
                    className="mt-2 text-sm font-semibold text-brand-700 hover:underline sm:hidden"
                  >
                    {summaryOpen ? 'Show less' : 'Read the whole summary'}
                  </button>
                  <EngineNote engine={book.engine} writtenBy={book.full_summary_engine} subject="book" />
                  <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:flex-wrap">
                    <Button
                      variant="secondary"
                      busy={actions.listen.isPending && actions.listen.variables === 'book'}
                      disabled={actions.listen.isPending}
                      onClick={actions.listenToSummary}
                      icon={<Headphones className="size-4" aria-hidden="true" />}
                    >
                      Listen to Summary
                    </Button>
                    <Button
                      variant="secondary"
                      busy={actions.summaryPdf.isPending}
                      onClick={actions.downloadSummaryPdf}
                      icon={<FileDown className="size-4" aria-hidden="true" />}
                    >
                      Download PDF Summary
                    </Button>
                    {actions.summaryPdfUrl && (
                      <a
                        href={actions.summaryPdfUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        onClick={actions.openSummaryPdf}
                        className={buttonClasses({ variant: 'ghost' })}
                      >
                        <ExternalLink className="size-4" aria-hidden="true" />
                        Open
                      </a>
                    )}
                  </div>
                  <BookAudio audio={actions.audio} kind="book" bookId={book.id} />
                </>
              ) : generating ? (
                <div className="mt-4" aria-live="polite">
                  <p className="text-sm text-slate-600">Writing the book summary from its chapters…</p>
                  <div className="mt-3 flex items-center gap-3">
                    <ProgressBar value={book.summary_job?.progress ?? 0} label="Book summary progress" />
                    <span className="w-10 text-right text-sm font-medium text-slate-700 tabular-nums">
                      {`${Math.round(book.summary_job?.progress ?? 0)}%`}
                    </span>
                  </div>
                </div>
              ) : (
                <div className="mt-4 flex flex-col items-start gap-3">
                  <p className="text-sm text-slate-600">
                    {actions.ready
                      ? 'Get the big picture: a summary of the whole book, built from its chapters.'
                      : 'You can generate the summary once the book has been processed.'}
                  </p>
                  {book.summary_job?.status === 'failed' && book.summary_job.error && (
                    <p role="alert" className="text-sm text-red-600">
                      {book.summary_job.error}
                    </p>
                  )}
                  <Button
                    busy={actions.summarize.isPending}
                    disabled={!actions.ready}
                    onClick={actions.generateSummary}
                    icon={<Sparkles className="size-4" aria-hidden="true" />}
                  >
                    Generate Book Summary
                  </Button>
                </div>
              )}
            </Card>

            {/* Each pass commits in one task: the chapter list and the exports come in passes of their own. */}
            <AfterFirstPaint>
              {/* Study comes right after the summary and before the chapters (whose outline the summary opens with). */}
              {book.status === 'completed' && <BookStudyPanel bookId={bookId} title={book.title} chapters={chapters} />}
              <section aria-labelledby="chapters-heading" className="mt-8">
                <div className="mb-3 flex items-center gap-2">
                  <BookOpen className="size-5 text-brand-600" aria-hidden="true" />
                  <h2 id="chapters-heading" className="text-lg font-semibold text-slate-900">
                    Chapters
                  </h2>
                  {editable && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto"
                      icon={<RotateCcw className="size-4" aria-hidden="true" />}
                      onClick={() => setConfirmRedetect(true)}
                    >
                      Re-run detection
                    </Button>
                  )}
                </div>
                <ConfirmDialog
                  open={confirmRedetect}
                  title="Detect the chapters again?"
                  description="The book is read again and its chapters are replaced, including your renames, merges and splits."
                  subject={
                    <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                      {CHAPTER_EDIT_MESSAGES.dropsStudyMaterial}
                    </p>
                  }
                  confirmLabel="Re-run detection"
                  busy={redetect.isPending}
                  onClose={() => setConfirmRedetect(false)}
                  onConfirm={() =>
                    redetect.mutate(undefined, {
                      onSuccess: () => {
                        setConfirmRedetect(false);
                        toast.success('Detecting the chapters again');
                      },
                      onError: (error) => toastError(error, 'Could not re-run detection'),
                    })
                  }
                />
                {book.status === 'completed' && book.engine === 'llm' && <PrepareChapters bookId={bookId} />}
                {book.status === 'completed' || chapters.length > 0 ? (
                  <ChapterAccordion
                    chapters={chapters}
                    progress={progress.data && new Map(progress.data.map((row) => [row.chapter_id, row]))}
                    notesArriving={notesArriving}
                    {...(editable ? { bookId } : {})}
                  />
                ) : (
                  <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">
                    Chapters appear here as soon as processing finishes.
                  </p>
                )}
              </section>

              <AfterFirstPaint>
                <Card className="mt-6 p-5 sm:p-7">
                  <h2 className="text-lg font-semibold text-slate-900">Listen and export</h2>
                  <p className="mt-1 text-sm text-slate-600">
                    Take the book with you: as audio or as an editable slide deck.
                  </p>
                  <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                    <Button
                      variant="outline"
                      busy={actions.listen.isPending && actions.listen.variables === 'book_full'}
                      disabled={!exportsReady || actions.listen.isPending}
                      aria-describedby={exportsReady ? undefined : 'exports-need'}
                      onClick={actions.listenToWholeBook}
                      icon={<AudioLines className="size-4" aria-hidden="true" />}
                    >
                      Listen to the whole book
                    </Button>
                    <Button
                      variant="outline"
                      busy={actions.slides.isPending}
                      disabled={!exportsReady}
                      aria-describedby={exportsReady ? undefined : 'exports-need'}
                      onClick={actions.exportSlides}
                      icon={<Presentation className="size-4" aria-hidden="true" />}
                    >
                      Export slides (PPTX)
                    </Button>
                  </div>
                  {actions.listen.isPending && actions.listen.variables === 'book_full' && (
                    <p role="status" className="mt-3 text-sm text-slate-600">
                      {`Recording ${chaptersWithNotes} chapter ${chaptersWithNotes === 1 ? 'summary' : 'summaries'} as audio… this takes a few seconds per chapter.`}
                    </p>
                  )}
                  {!exportsReady && (
                    <p id="exports-need" className="mt-3 text-sm text-slate-600">
                      {exportsNeed}
                    </p>
                  )}
                  <BookAudio audio={actions.audio} kind="book_full" bookId={book.id} />
                </Card>
              </AfterFirstPaint>
            </AfterFirstPaint>
          </>
        )}

        {book.status === 'failed' && (
          <section aria-labelledby="chapters-heading" className="mt-8">
            <h2 id="chapters-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Chapters
            </h2>
            <ChapterAccordion chapters={chapters} />
          </section>
        )}
      </AfterFirstPaint>
    </main>
  );
}

/** The player of the book's narration of `kind` (summary or whole book), under the button that made it. */
function BookAudio({
  audio,
  kind,
  bookId,
}: {
  audio: PlayingAudio | null;
  kind: PlayingAudio['kind'];
  bookId: string;
}) {
  if (audio?.kind !== kind) return null;
  return (
    <div className="mt-4">
      <AudioPlayer
        key={audio.url}
        src={audio.url}
        label={audio.label}
        content={{ content_type: audio.kind, content_id: bookId }}
      />
    </div>
  );
}
