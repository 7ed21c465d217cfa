import { useQuery } from '@tanstack/react-query';
import { Repeat } from 'lucide-react';
import { BackLink } from '../../components/back-link.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { studioQueries } from './queries.js';
import { ReviewSession } from './review-session.js';

/** Review due cards of one book, or of the whole library without a book. */
export function ReviewPage({ bookId }: { bookId?: string }) {
  const due = useQuery({ ...studioQueries.due(bookId), staleTime: 0, refetchOnWindowFocus: false });
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Review · ChapterWise</title>
      {bookId ? (
        <BackLink to="/books/$bookId" params={{ bookId }}>
          Back to Book
        </BackLink>
      ) : (
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
      )}
      <div className="mt-4 flex items-center gap-2">
        <Repeat className="size-6 text-brand-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {bookId ? 'Review this book' : 'Review your library'}
        </h1>
      </div>
      <p className="mt-1 mb-6 text-sm text-slate-600">
        Space shows the answer; 1 Again, 2 Hard, 3 Good, 4 Easy. Each button says when the card comes back.
      </p>
      {due.isPending ? (
        <PageSpinner label="Loading due cards" />
      ) : due.isError ? (
        <p role="alert" className="text-sm text-red-600">
          Could not load your due cards. Please try again.
        </p>
      ) : (
        <ReviewSession cards={due.data.cards} />
      )}
    </main>
  );
}
