import { type BookListItem, MESSAGES } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BookOpen, FileSearch, Plus, RefreshCw, Repeat, Search, SearchX, Upload } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { EmptyState } from '../../components/ui/empty-state.js';
import { Input } from '../../components/ui/field.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { useSession } from '../../lib/session.js';
import { bookQueries } from '../books/queries.js';
import { studioQueries } from '../studio/queries.js';
import { BookCard } from './book-card.js';
import { DeleteBookDialog } from './delete-book-dialog.js';
import { UsageMeter } from './usage-meter.js';

/** Case-insensitive title match on the books already loaded. */
export function filterBooks(books: BookListItem[], search: string): BookListItem[] {
  const needle = search.trim().toLowerCase();
  return needle ? books.filter((book) => book.title.toLowerCase().includes(needle)) : books;
}

export function LibraryPage() {
  const { user } = useSession();
  // A failed load was already reported by the route loader; "Try again" refetches on demand.
  const books = useQuery({ ...bookQueries.list(), retryOnMount: false });
  const due = useQuery({ ...studioQueries.due(), retry: false });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [toDelete, setToDelete] = useState<BookListItem | null>(null);
  const visible = filterBooks(books.data ?? [], deferredSearch);

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Your Library · ChapterWise</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-600">{`Hi, ${user?.name || 'there'}`}</p>
          <h1 className="mt-0.5 text-3xl font-bold tracking-tight text-slate-900">Your Library</h1>
        </div>
        <Link to="/upload" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
          <Plus className="size-5" aria-hidden="true" />
          Upload New Book
        </Link>
      </div>

      <UsageMeter />

      {(due.data?.due_count ?? 0) > 0 && (
        <div className="mt-6 flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-brand-800">
            {`${due.data?.due_count} flashcard${due.data?.due_count === 1 ? ' is' : 's are'} due for review`}
          </p>
          <Link to="/review" className={buttonClasses({ className: 'w-full sm:w-auto' })}>
            <Repeat className="size-4" aria-hidden="true" />
            Review now
          </Link>
        </div>
      )}

      {/* Nothing to search in an empty library. */}
      {(books.data?.length ?? 0) > 0 && (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search your books"
              placeholder="Search your books..."
              className="h-12 pl-11"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {/* The box above filters titles; this searches the pages themselves. */}
          <Link
            to="/search"
            search={{ q: search.trim() || undefined }}
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'text-[15px]' })}
          >
            <FileSearch className="size-5 text-brand-600" aria-hidden="true" />
            Search inside books
          </Link>
        </div>
      )}

      <section aria-labelledby="books-heading" className="mt-6">
        <h2 id="books-heading" className="sr-only">
          Your books
        </h2>
        {books.isPending ? (
          <PageSpinner label="Loading your books" />
        ) : books.isError && !books.data ? (
          <EmptyState
            icon={<RefreshCw className="size-7" aria-hidden="true" />}
            title={MESSAGES.loadBooksFailed}
            description="Check your connection and try again."
            action={
              <Button variant="outline" busy={books.isFetching} onClick={() => void books.refetch()}>
                Try again
              </Button>
            }
          />
        ) : books.data.length === 0 ? (
          <EmptyState
            icon={<BookOpen className="size-7" aria-hidden="true" />}
            title="No books yet"
            description="Upload your first PDF to get started"
            action={
              <Link to="/upload" className={buttonClasses()}>
                <Upload className="size-4" aria-hidden="true" />
                Upload Book
              </Link>
            }
          />
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<SearchX className="size-7" aria-hidden="true" />}
            title="No matching books"
            description={`No book title contains “${deferredSearch.trim()}”. The words may still be inside a book.`}
            action={
              <div className="flex flex-col gap-2 sm:flex-row">
                <Link to="/search" search={{ q: deferredSearch.trim() }} className={buttonClasses()}>
                  <FileSearch className="size-4" aria-hidden="true" />
                  Search inside books
                </Link>
                <Button variant="outline" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              </div>
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((book, index) => (
              <li key={book.id} className="flex">
                <BookCard
                  book={book}
                  onDelete={setToDelete}
                  dueCount={due.data?.by_book[book.id] ?? 0}
                  firstOnScreen={index < 3}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeleteBookDialog book={toDelete} onClose={() => setToDelete(null)} />
    </main>
  );
}
