import { MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { BookPage } from '../../features/books/book-page.js';
import { bookQueries } from '../../features/books/queries.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/books/$bookId')({
  loader: ({ context: { queryClient }, preload, params: { bookId } }) =>
    loadOrLeave(
      MESSAGES.loadBookFailed,
      () =>
        Promise.all([
          queryClient.ensureQueryData(bookQueries.detail(bookId)),
          queryClient.ensureQueryData(bookQueries.chapters(bookId)),
        ]),
      { preload },
    ),
  component: BookRoute,
});

function BookRoute() {
  const { bookId } = Route.useParams();
  return <BookPage bookId={bookId} />;
}
