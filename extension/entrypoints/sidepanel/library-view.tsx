import { MESSAGES } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { uiErrorOf } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { isUnreachable } from '@/components/query-policy.js';
import { ProgressBar, StatusBadge } from '@/components/status-badge.js';
import { LibrarySearch } from './library-search.js';
import { SavedChapters } from './saved-chapters.js';
import { TodaySection } from './today-section.js';
import { isProcessing, libraryQueries } from './queries.js';

export function LibraryView({
  userId,
  onOpenBook,
  onOpenChapter,
  onStartReviews,
  serverUrl,
}: {
  userId: string;
  onOpenBook: (bookId: string) => void;
  onOpenChapter: (chapterId: string, bookId: string) => void;
  onStartReviews: (bookId: string) => void;
  serverUrl: string;
}) {
  const books = useQuery(libraryQueries.books());
  const serverDown = books.isError && isUnreachable(books.error);

  return (
    <>
      <TodaySection serverUrl={serverUrl} books={books.data} onStartReviews={onStartReviews} />
      <section className="stack" aria-labelledby="library-title">
        <h2 id="library-title">Your Library</h2>
        {books.isPending && <p className="muted">Loading...</p>}
        {books.isError && (
          <ErrorNotice error={uiErrorOf(books.error, MESSAGES.loadBooksFailed)} onRetry={() => void books.refetch()} />
        )}
        {serverDown && <SavedChapters userId={userId} onOpenChapter={onOpenChapter} />}
        {books.data?.length === 0 && (
          <div className="empty">
            <p>No books yet</p>
            <p className="muted">Open a PDF in a tab and send it to ChapterWise.</p>
          </div>
        )}
        {books.data?.length ? (
          <LibrarySearch
            onOpen={({ bookId, chapterId }) => (chapterId ? onOpenChapter(chapterId, bookId) : onOpenBook(bookId))}
          >
            <ul className="book-list">
              {books.data?.map((book) => (
                <li key={book.id}>
                  <button type="button" className="book-row" onClick={() => onOpenBook(book.id)}>
                    <span className="book-row-title">{book.title}</span>
                    <span className="book-row-meta">
                      <StatusBadge status={book.status} />
                      <span className="muted">{book.total_pages} pages</span>
                    </span>
                    {isProcessing(book.status) && (
                      <span className="stack-tight">
                        <ProgressBar percent={book.progress} label={`${book.title} processing`} />
                        {book.status_detail && <span className="muted small">{book.status_detail}</span>}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </LibrarySearch>
        ) : null}
      </section>
    </>
  );
}
