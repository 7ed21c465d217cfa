import { SEARCH_QUERY_MAX_CHARS } from '@chapterwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { BackLink } from '../../components/back-link.js';
import { Button } from '../../components/ui/button.js';
import { Input, Select } from '../../components/ui/field.js';
import { bookQueries } from '../books/queries.js';
import { AskPanel } from './ask-panel.js';
import { searchKeys } from './queries.js';
import { type SearchParams } from './search-params.js';
import { SearchResults } from './search-results.js';

const SEARCH_PAGE_TITLE = 'Search inside your books';

export function SearchPage({ q, bookId }: { q: string | undefined; bookId: string | undefined }) {
  const navigate = useNavigate();
  const books = useQuery(bookQueries.list());
  // Only processed books have searchable pages.
  const searchable = (books.data ?? []).filter((book) => book.status === 'completed');
  const bookTitle = bookId ? searchable.find((book) => book.id === bookId)?.title : undefined;
  const search = (next: SearchParams) => void navigate({ to: '/search', search: next });

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{q ? `“${q}” · Search · ChapterWise` : `${SEARCH_PAGE_TITLE} · ChapterWise`}</title>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{SEARCH_PAGE_TITLE}</h1>
      <p className="mt-1.5 max-w-2xl text-slate-600">
        Find the page where an idea appears and read it right there, or ask a question and get an answer with its
        sources.
      </p>

      <SearchForm q={q} bookId={bookId} books={searchable} booksLoading={books.isPending} onSearch={search} />

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_23rem] lg:items-start">
        <AskPanel bookId={bookId} bookTitle={bookTitle} className="lg:col-start-2 lg:row-start-1" />
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <SearchResults q={q} bookId={bookId} onSearchAllBooks={() => search({ q })} />
        </div>
      </div>
    </main>
  );
}

function SearchForm({
  q,
  bookId,
  books,
  booksLoading,
  onSearch,
}: {
  q: string | undefined;
  bookId: string | undefined;
  books: { id: string; title: string }[];
  booksLoading: boolean;
  onSearch: (next: SearchParams) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(q ?? '');
  // The box follows the URL (back/forward, a shared link) and keeps what is typed otherwise.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q ?? '');
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = draft.trim();
    if (!words) {
      input.current?.focus();
      return;
    }
    // The same search again: fetch it again rather than navigate nowhere.
    if (words === q) void queryClient.invalidateQueries({ queryKey: searchKeys.results(words, bookId) });
    else onSearch({ q: words, book: bookId });
  };

  return (
    <form
      role="search"
      aria-label="Search inside your books"
      onSubmit={submit}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-col gap-3 md:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Words or a phrase to find
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            ref={input}
            id={`${id}-q`}
            type="search"
            enterKeyHint="search"
            maxLength={SEARCH_QUERY_MAX_CHARS}
            placeholder="A word or a phrase"
            className="h-12 pl-11"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <label htmlFor={`${id}-book`} className="sr-only">
          Book to search
        </label>
        <Select
          id={`${id}-book`}
          className="h-12 md:w-64"
          value={bookId ?? ''}
          disabled={booksLoading && !!bookId}
          onChange={(event) =>
            onSearch({ q: draft.trim() || q, book: event.target.value ? event.target.value : undefined })
          }
        >
          <option value="">All books</option>
          {books.map((book) => (
            <option key={book.id} value={book.id}>
              {book.title}
            </option>
          ))}
          {/* A shared link to a book not (yet) in the list still shows what is searched. */}
          {bookId && !books.some((book) => book.id === bookId) && <option value={bookId}>Selected book</option>}
        </Select>
        <Button type="submit" size="lg" icon={<Search className="size-5" aria-hidden="true" />}>
          Search
        </Button>
      </div>
    </form>
  );
}
