import type { BookListItem, Today } from '@chapterwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { uiErrorOf, unwrap } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { OpenLink } from '@/components/open-link.js';
import { isUnreachable } from '@/components/query-policy.js';
import { sendMessage } from '@/utils/messaging.js';
import { EXTENSION_TEXT } from '@/utils/ui-error.js';

export const todayQueries = {
  today: () =>
    queryOptions({
      queryKey: ['today'],
      queryFn: () => unwrap(sendMessage('today')),
      // The day's work changes as the student reads and reviews elsewhere: fresh whenever the panel looks.
      staleTime: 60_000,
    }),
};

/** "45 min", "1 h 20 min". */
export function minutesLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${Math.floor(minutes / 60)} h`;
}

/** "Today", "Tomorrow", "in 12 days". */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft <= 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  return `in ${daysLeft} days`;
}

// Reading opens the book at its page: its PDF tab when one is open, else the dashboard's reader.
async function startReading(bookId: string, page: number): Promise<void> {
  // No current window (a panel detached from any) opens the reader instead of turning a PDF tab.
  const current = await browser.windows.getCurrent().catch(() => undefined);
  await unwrap(sendMessage('openCitation', { bookId, page, windowId: current?.id ?? null }));
}

/**
 * Today's work for each upcoming exam, above the library: each reading opens the book at its first page, each
 * book's reviews start a review session in the panel. Nothing shows without an upcoming exam but a hint.
 */
export function TodaySection({
  serverUrl,
  books,
  onStartReviews,
}: {
  serverUrl: string;
  books: BookListItem[] | undefined;
  onStartReviews: (bookId: string) => void;
}) {
  const today = useQuery(todayQueries.today());
  const titleOf = (bookId: string) => books?.find((book) => book.id === bookId)?.title ?? 'Flashcards';

  if (today.isPending) return null;
  if (today.isError) {
    // Unreachable is the library's to say; a server without exam mode (404) has nothing to show here.
    const error = uiErrorOf(today.error, EXTENSION_TEXT.todayFailed);
    if (isUnreachable(today.error) || error.kind === 'not-found') return null;
    return <ErrorNotice error={error} onRetry={() => void today.refetch()} />;
  }
  if (today.data.exams.length === 0) {
    return (
      <p className="muted small">
        <OpenLink href={`${serverUrl}/exams/new`}>Plan an exam</OpenLink> to see each day's reading and reviews here.
      </p>
    );
  }
  return (
    <section className="stack today" aria-labelledby="today-title">
      <h2 id="today-title">Today</h2>
      {today.data.exams.map((exam) => (
        <TodayExam
          key={exam.exam_id}
          exam={exam}
          serverUrl={serverUrl}
          titleOf={titleOf}
          onStartReviews={onStartReviews}
        />
      ))}
    </section>
  );
}

function TodayExam({
  exam,
  serverUrl,
  titleOf,
  onStartReviews,
}: {
  exam: Today['exams'][number];
  serverUrl: string;
  titleOf: (bookId: string) => string;
  onStartReviews: (bookId: string) => void;
}) {
  const { day } = exam;
  const empty = !day || (day.reading.length === 0 && day.reviews === 0 && !day.practice);
  return (
    <article className="today-exam stack-tight" aria-labelledby={`today-${exam.exam_id}`}>
      <div className="today-exam-header">
        <h3 id={`today-${exam.exam_id}`}>{exam.name}</h3>
        <span className="muted small">
          {`${daysLeftLabel(exam.days_left)}${day ? ` · ${minutesLabel(day.minutes)}` : ''}`}
        </span>
      </div>
      {empty ? (
        <p className="muted small">
          {exam.days_left <= 0 ? 'The exam is today. Good luck!' : 'Nothing is planned for today.'}
        </p>
      ) : (
        <ul className="today-list">
          {day.reading.map((reading) => (
            <li key={`${reading.chapter_id}-${reading.start_page}`} className="today-item">
              <span className="stack-tight">
                <span>{reading.title}</span>
                <span className="muted small">
                  {`${reading.start_page === reading.end_page ? `p. ${reading.start_page}` : `pp. ${reading.start_page}–${reading.end_page}`} · ${minutesLabel(reading.minutes)}`}
                </span>
              </span>
              <button
                type="button"
                className="button-small button-primary"
                aria-label={`Start reading ${reading.title}`}
                onClick={() => void startReading(reading.book_id, reading.start_page).catch(() => undefined)}
              >
                Start reading
              </button>
            </li>
          ))}
          {day.review_books.map((book) => (
            <li key={book.book_id} className="today-item">
              <span className="stack-tight">
                <span>{`Review ${book.count} ${book.count === 1 ? 'card' : 'cards'}`}</span>
                <span className="muted small">{titleOf(book.book_id)}</span>
              </span>
              <button
                type="button"
                className="button-small"
                aria-label={`Start reviews of ${titleOf(book.book_id)}`}
                onClick={() => onStartReviews(book.book_id)}
              >
                Start reviews
              </button>
            </li>
          ))}
          {day.practice && (
            <li className="today-item">
              <span className="stack-tight">
                <span>Practice exam</span>
                <span className="muted small">{minutesLabel(day.practice_minutes)}</span>
              </span>
              <OpenLink className="button-link" href={`${serverUrl}/exams/${exam.exam_id}/practice`}>
                Start practice
              </OpenLink>
            </li>
          )}
        </ul>
      )}
      {day?.note && <p className="notice notice-warning small">{day.note}</p>}
    </article>
  );
}
