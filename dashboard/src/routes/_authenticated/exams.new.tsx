import { MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { bookQueries } from '../../features/books/queries.js';
import { ExamFormPage } from '../../features/exams/exam-form-page.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';
import { UUID } from '../../lib/uuid.js';

/** /exams/new?book=<id> opens with that book's chapters ticked (the book page's "Plan for an exam"). */
export const Route = createFileRoute('/_authenticated/exams/new')({
  validateSearch: (search: Record<string, unknown>): { book?: string } =>
    typeof search.book === 'string' && UUID.test(search.book) ? { book: search.book } : {},
  loaderDeps: ({ search: { book } }) => ({ book }),
  loader: ({ context: { queryClient }, preload, deps: { book } }) =>
    loadOrLeave(
      MESSAGES.loadBooksFailed,
      () =>
        Promise.all([
          queryClient.ensureQueryData(bookQueries.list()),
          book ? queryClient.ensureQueryData(bookQueries.chapters(book)) : null,
        ]),
      { preload },
    ),
  component: NewExamRoute,
});

function NewExamRoute() {
  const { book } = Route.useSearch();
  return <ExamFormPage key={book ?? ''} initialBookId={book} />;
}
