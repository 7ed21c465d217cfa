import { chapterHeadings, MESSAGES, readerPath } from '@chapterwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uiErrorOf } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { Markdown } from '@/components/markdown.js';
import { OpenLink } from '@/components/open-link.js';
import { ProgressBar, StatusBadge } from '@/components/status-badge.js';
import { isUnreachable } from '@/components/query-policy.js';
import { useToast } from '@/components/toasts.js';
import { ListenButton } from './audio-player.js';
import { useOpenCitation } from './citations.js';
import { generateBookSummary } from './book-summary.js';
import { FlashcardReview } from './flashcard-review.js';
import { isProcessing, libraryQueries } from './queries.js';
import { SavedChapters } from './saved-chapters.js';

export function BookView({
  bookId,
  userId,
  serverUrl,
  onBack,
  onOpenChapter,
}: {
  bookId: string;
  userId: string;
  serverUrl: string;
  onBack: () => void;
  onOpenChapter: (chapterId: string) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const book = useQuery(libraryQueries.book(bookId));
  const completed = book.data?.status === 'completed';
  const openCitation = useOpenCitation(completed ? bookId : undefined);
  const chapters = useQuery({ ...libraryQueries.chapters(bookId), enabled: completed });
  const summary = useMutation({
    mutationFn: () =>
      generateBookSummary(bookId, (latest) => queryClient.setQueryData(libraryQueries.book(bookId).queryKey, latest)),
    onSuccess: (text) => {
      queryClient.setQueryData(libraryQueries.book(bookId).queryKey, (current) =>
        current ? { ...current, full_summary: text, summary_job: null } : current,
      );
      toast(MESSAGES.bookSummaryGenerated);
    },
  });

  const back = (
    <button type="button" className="link-button" onClick={onBack}>
      ← Library
    </button>
  );
  if (book.isPending)
    return (
      <section className="stack">
        {back}
        <p className="muted">Loading...</p>
      </section>
    );
  if (book.isError) {
    return (
      <section className="stack">
        {back}
        <ErrorNotice error={uiErrorOf(book.error, MESSAGES.loadBookFailed)} onRetry={() => void book.refetch()} />
        {isUnreachable(book.error) && (
          <SavedChapters userId={userId} bookId={bookId} onOpenChapter={(chapterId) => onOpenChapter(chapterId)} />
        )}
      </section>
    );
  }

  const data = book.data;
  const chapterCount = chapters.data?.length ?? data.chapter_count;
  const generating = summary.isPending || data.summary_job?.status === 'generating';
  return (
    <section className="stack" aria-labelledby="book-title">
      {back}
      <h2 id="book-title">{data.title}</h2>
      {/* Counts are known once processing ends; "0 pages" before then would be wrong. */}
      {completed && (
        <p className="muted">
          {data.total_pages} pages • {chapterCount} chapters
        </p>
      )}
      <div className="row">
        <StatusBadge status={data.status} />
        <OpenLink href={data.pdf_url}>View PDF</OpenLink>
        <OpenLink href={`${serverUrl}/books/${data.id}`}>Open in dashboard</OpenLink>
        {completed && <OpenLink href={`${serverUrl}${readerPath(data.id, 1)}`}>Open in ChapterWise reader</OpenLink>}
      </div>
      {isProcessing(data.status) && (
        <div className="stack-tight">
          <ProgressBar percent={data.progress} label="Processing progress" />
          <span className="muted small">{data.status_detail ?? 'Processing your book...'}</span>
        </div>
      )}
      {data.status === 'failed' && <p className="notice notice-error">{data.error ?? MESSAGES.loadBookFailed}</p>}

      {completed && (
        <section className="stack" aria-labelledby="book-summary-title">
          <h3 id="book-summary-title">Book Summary</h3>
          {data.full_summary ? (
            <>
              <Markdown text={data.full_summary} onCitation={openCitation} />
              {(data.full_summary_engine ?? data.engine) === 'offline' && (
                <p className="muted small">Extractive summary: sentences chosen from the book.</p>
              )}
              <ListenButton
                query={{ content_type: 'book', content_id: data.id }}
                label="Listen to Summary"
                title={data.title}
                summaryExists
                missingSummaryText={MESSAGES.bookSummaryFirst}
              />
            </>
          ) : (
            <>
              <button type="button" className="button-primary" onClick={() => summary.mutate()} disabled={generating}>
                {generating ? 'Generating...' : 'Generate Book Summary'}
              </button>
              {generating && data.summary_job && (
                <ProgressBar percent={data.summary_job.progress} label="Book summary progress" />
              )}
            </>
          )}
          {summary.isError && (
            <ErrorNotice error={uiErrorOf(summary.error, MESSAGES.summaryFailed)} onRetry={() => summary.mutate()} />
          )}
        </section>
      )}

      {completed && <FlashcardReview bookId={bookId} />}

      {completed && (
        <section className="stack" aria-labelledby="chapters-title">
          <h3 id="chapters-title">Chapters</h3>
          {chapters.isPending && <p className="muted">Loading...</p>}
          {chapters.isError && (
            <ErrorNotice
              error={uiErrorOf(chapters.error, MESSAGES.loadBookFailed)}
              onRetry={() => void chapters.refetch()}
            />
          )}
          {chapters.data?.length === 0 && <p className="muted">No chapters found</p>}
          <ul className="chapter-list">
            {chapters.data?.map((chapter, index) => (
              <li key={chapter.id}>
                <button type="button" className="chapter-row" onClick={() => onOpenChapter(chapter.id)}>
                  <span>{chapterHeadings(chapters.data)[index]}</span>
                  {chapter.summary && <span className="summary-mark">✓ Summary available</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
