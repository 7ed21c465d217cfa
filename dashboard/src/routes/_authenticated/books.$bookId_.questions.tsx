import { MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { bookQueries } from '../../features/books/queries.js';
import { examQueries } from '../../features/exams/queries.js';
import { QuestionBankPage } from '../../features/exams/question-bank-page.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/books/$bookId_/questions')({
  loader: ({ context: { queryClient }, preload, params: { bookId } }) => {
    // Not awaited: a bank built for the first time takes a moment; the page shows it loading.
    void queryClient.prefetchQuery(examQueries.questions(bookId));
    return loadOrLeave(
      MESSAGES.loadBookFailed,
      () =>
        Promise.all([
          queryClient.ensureQueryData(bookQueries.detail(bookId)),
          queryClient.ensureQueryData(bookQueries.chapters(bookId)),
        ]),
      { preload },
    );
  },
  component: QuestionBankRoute,
});

function QuestionBankRoute() {
  const { bookId } = Route.useParams();
  return <QuestionBankPage key={bookId} bookId={bookId} />;
}
