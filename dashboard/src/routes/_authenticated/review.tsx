import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../../features/studio/review-page.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /review reviews the whole library's due cards; /review?book=<id> one book's. */
export const Route = createFileRoute('/_authenticated/review')({
  validateSearch: (search: Record<string, unknown>): { book?: string } =>
    typeof search.book === 'string' && UUID.test(search.book) ? { book: search.book } : {},
  component: ReviewRoute,
});

function ReviewRoute() {
  const { book } = Route.useSearch();
  return <ReviewPage bookId={book} />;
}
