import { MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../../components/ui/spinner.js';
import { accountQueries } from '../../features/account/queries.js';
import { bookQueries } from '../../features/books/queries.js';
import { LibraryPage } from '../../features/library/library-page.js';
import { toastError } from '../../lib/errors.js';

export const Route = createFileRoute('/_authenticated/dashboard')({
  loader: async ({ context: { queryClient }, preload }) => {
    // The usage meter sits above the books: fetched alongside them, it never pushes the grid down.
    const usage = queryClient.prefetchQuery({ ...accountQueries.usage(), retry: false });
    try {
      await queryClient.ensureQueryData({ ...bookQueries.list(), revalidateIfStale: true });
      await usage;
    } catch (error) {
      // The page shows the failure with a retry button.
      if (!preload) toastError(error, MESSAGES.loadBooksFailed, { preferDetail: false });
    }
  },
  pendingComponent: () => <PageSpinner label="Loading your books" />,
  component: LibraryPage,
});
