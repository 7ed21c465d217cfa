import { createFileRoute } from '@tanstack/react-router';
import { bookQueries } from '../../features/books/queries.js';
import { searchQueries } from '../../features/search/queries.js';
import { SearchPage } from '../../features/search/search-page.js';
import { parseSearchParams } from '../../features/search/search-params.js';

export const Route = createFileRoute('/_authenticated/search')({
  validateSearch: parseSearchParams,
  loaderDeps: ({ search: { q, book } }) => ({ q, book }),
  loader: ({ context: { queryClient }, deps: { q, book } }) => {
    // Not awaited: the page shows its own skeleton, empty and error states.
    void queryClient.prefetchQuery(bookQueries.list());
    if (q) void queryClient.prefetchQuery(searchQueries.results(q, book));
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { q, book } = Route.useSearch();
  return <SearchPage q={q} bookId={book} />;
}
