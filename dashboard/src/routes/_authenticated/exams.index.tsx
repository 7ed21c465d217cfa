import { createFileRoute } from '@tanstack/react-router';
import { ExamsPage } from '../../features/exams/exams-page.js';
import { examQueries } from '../../features/exams/queries.js';

export const Route = createFileRoute('/_authenticated/exams/')({
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the page shows its own loading, empty and error states.
    void queryClient.prefetchQuery(examQueries.list());
  },
  component: ExamsPage,
});
