import { createFileRoute } from '@tanstack/react-router';
import { bookQueries } from '../../features/books/queries.js';
import { examQueries } from '../../features/exams/queries.js';
import { TodayPage } from '../../features/exams/today-page.js';

export const Route = createFileRoute('/_authenticated/today')({
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the page shows its own loading and error states; book titles name the reviews.
    void queryClient.prefetchQuery(examQueries.today());
    void queryClient.prefetchQuery(bookQueries.list());
  },
  component: TodayPage,
});
