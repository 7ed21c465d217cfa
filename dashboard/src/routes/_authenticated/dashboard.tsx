import { MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../../components/ui/spinner.js';
import { bookQueries } from '../../features/books/queries.js';
import { LibraryPage } from '../../features/library/library-page.js';
import { toastError } from '../../lib/errors.js';

export const Route = createFileRoute('/_authenticated/dashboard')({
  loader: async ({ context: { queryClient }, preload }) => {
    try {
      await queryClient.ensureQueryData({ ...bookQueries.list(), revalidateIfStale: true });
    } catch (error) {
      // The page shows the failure with a retry button.
      if (!preload) toastError(error, MESSAGES.loadBooksFailed, { preferDetail: false });
    }
  },
  pendingComponent: () => <PageSpinner label="Loading your books" />,
  component: LibraryPage,
});
