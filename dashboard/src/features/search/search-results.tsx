import {
  chapterHeading,
  errorMessage,
  MESSAGES,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_OFFSET,
  snippetParts,
  type SearchResult,
} from '@chapterwise/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { BookOpen, ChevronDown, FileSearch, ListTree, RefreshCw, SearchX } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { EmptyState } from '../../components/ui/empty-state.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { groupByBook, matchCount, resultsSummary } from './group-results.js';
import { searchQueries } from './queries.js';
import { Snippet } from './snippet.js';

/** The results column of /search: a hint before the first search, then loading, error, empty or results. */
export function SearchResults({
  q,
  bookId,
  onSearchAllBooks,
}: {
  q: string | undefined;
  bookId: string | undefined;
  onSearchAllBooks: () => void;
}) {
  return (
    <section aria-labelledby="results-heading" className="min-w-0">
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      {q ? (
        // A new search starts again from its first page of results.
        <Results key={`${q}\u0000${bookId ?? ''}`} q={q} bookId={bookId} onSearchAllBooks={onSearchAllBooks} />
      ) : (
        <EmptyState
          icon={<FileSearch className="size-7" aria-hidden="true" />}
          title="Find any passage"
          description="Type a word or a phrase from your books. Pages with the exact phrase come first, each with a link to read it right there in the reader."
        />
      )}
    </section>
  );
}

function Results({
  q,
  bookId,
  onSearchAllBooks,
}: {
  q: string;
  bookId: string | undefined;
  onSearchAllBooks: () => void;
}) {
  // The route loader started the request; a failure is shown here with a retry button.
  const results = useQuery({ ...searchQueries.results(q, bookId), retryOnMount: false });
  const count = useQuery({ ...searchQueries.count(q, bookId), enabled: results.isSuccess, retry: false });
  // "More" adds the next SEARCH_DEFAULT_LIMIT results below the ones shown.
  const [morePages, setMorePages] = useState(0);
  const more = useQueries({
    queries: Array.from({ length: morePages }, (_, index) =>
      searchQueries.more(q, bookId, (index + 1) * SEARCH_DEFAULT_LIMIT),
    ),
  });

  if (results.isPending) return <ResultsSkeleton />;
  if (results.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-5 py-6 sm:px-6">
        <p className="font-semibold text-red-800">{errorMessage(results.error, MESSAGES.searchFailed)}</p>
        <Button
          variant="outline"
          className="mt-4"
          busy={results.isFetching}
          onClick={() => void results.refetch()}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (results.data.length === 0) {
    return (
      <EmptyState
        icon={<SearchX className="size-7" aria-hidden="true" />}
        title={`No pages match "${q}"`}
        description={
          bookId
            ? 'Tip: try other words, or search all your books.'
            : 'Tip: try fewer or other words, the way the book would say it. Books still being processed are searched once they are ready.'
        }
        action={
          bookId ? (
            <Button variant="outline" onClick={onSearchAllBooks}>
              Search all books
            </Button>
          ) : undefined
        }
      />
    );
  }

  const batches = [results.data, ...more.map((batch) => batch.data ?? [])];
  // A longer ranking can move a page across the cut between two batches: each page is shown once.
  const seen = new Set<string>();
  const shown = batches.flat().filter((result) => {
    const key = `${result.book_id}:${result.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const loadingMore = more.some((batch) => batch.isPending);
  const moreFailed = more.find((batch) => batch.isError);
  const lastBatch = more.length ? more[more.length - 1]!.data : results.data;
  const nextOffset = (morePages + 1) * SEARCH_DEFAULT_LIMIT;
  const hasMore =
    !loadingMore &&
    !moreFailed &&
    lastBatch?.length === SEARCH_DEFAULT_LIMIT &&
    nextOffset <= SEARCH_MAX_OFFSET &&
    (count.data === undefined || count.data.pages > shown.length);
  const groups = groupByBook(shown);
  // The count is of pages holding the words; pages found by meaning alone can add to it.
  const total = count.data ? Math.max(count.data.pages, shown.length) : undefined;
  return (
    <div className="space-y-8">
      <p role="status" className="text-sm text-slate-600">
        {resultsSummary(q, shown.length, groups.length, hasMore || loadingMore ? total : shown.length)}
      </p>
      {groups.map((group) => (
        <section key={group.bookId} aria-labelledby={`book-${group.bookId}`}>
          <div className="mb-3 flex items-start gap-2.5">
            <BookOpen className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <h3 id={`book-${group.bookId}`} className="min-w-0 text-lg font-semibold break-words text-slate-900">
                <Link to="/books/$bookId" params={{ bookId: group.bookId }} className="rounded hover:text-brand-700">
                  {group.bookTitle}
                </Link>
              </h3>
              <Badge tone="brand">{matchCount(group.results.length)}</Badge>
            </div>
          </div>
          <ul className="space-y-3">
            {group.results.map((result) => (
              <li key={result.page}>
                <ResultCard result={result} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {moreFailed && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(moreFailed.error, MESSAGES.searchFailed)}
        </p>
      )}
      {(hasMore || loadingMore || moreFailed) && (
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          busy={loadingMore}
          onClick={() => (moreFailed ? void moreFailed.refetch() : setMorePages((pages) => pages + 1))}
          icon={<ChevronDown className="size-4" aria-hidden="true" />}
        >
          {moreFailed ? 'Try again' : 'More'}
        </Button>
      )}
    </div>
  );
}

// The words the search matched on the page, as printed there: the reader marks them.
function matchedPhrase(snippet: string): string | undefined {
  const marked = snippetParts(snippet).filter((part) => part.marked);
  return marked.reduce<string | undefined>(
    (longest, part) => (part.text.length > (longest?.length ?? 0) ? part.text : longest),
    undefined,
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  const page = `p. ${result.page_label}`;
  const phrase = matchedPhrase(result.snippet);
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-200 sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h4 className="min-w-0 text-sm font-semibold break-words text-slate-900">
          {result.chapter_title === null
            ? 'Before the first chapter'
            : chapterHeading({ label: result.chapter_label, title: result.chapter_title })}
        </h4>
        <span className="shrink-0 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 tabular-nums">
          {page}
        </span>
      </div>
      <Snippet snippet={result.snippet} className="mt-2" />
      <div className="mt-4 flex flex-wrap gap-2">
        {/* The in-app reader, not the bare PDF: the phrase is marked, and highlights, notes and the study panel are at hand. */}
        <Link
          to="/books/$bookId/read"
          params={{ bookId: result.book_id }}
          search={{ page: result.page, ...(phrase ? { cite: phrase } : {}) }}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`Read at ${page} of ${result.book_title}`}
        >
          <BookOpen className="size-4" aria-hidden="true" />
          Read at {page}
        </Link>
        {result.chapter_id && (
          <Link
            to="/chapters/$chapterId"
            params={{ chapterId: result.chapter_id }}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            aria-label={`Open chapter: ${result.chapter_title ?? 'chapter'}`}
          >
            <ListTree className="size-4" aria-hidden="true" />
            Open chapter
          </Link>
        )}
      </div>
    </article>
  );
}

function ResultsSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Searching your books</span>
      <Skeleton className="h-6 w-56" />
      {[0, 1, 2].map((index) => (
        <div key={index} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="flex justify-between gap-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-12" />
          </div>
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-11/12" />
          <Skeleton className="mt-2 h-4 w-2/3" />
          <div className="mt-4 flex gap-2">
            <Skeleton className="h-9 w-36 rounded-lg" />
            <Skeleton className="h-9 w-28 rounded-lg" />
          </div>
        </div>
      ))}
    </div>
  );
}
