import { chapterHeading, MESSAGES, snippetParts, type SearchResult } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { uiErrorOf } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { libraryQueries } from './queries.js';

export interface SearchResultTarget {
  bookId: string;
  chapterId: string | null;
}

export function LibrarySearch({
  onOpen,
  children,
}: {
  onOpen: (target: SearchResultTarget) => void;
  children: ReactNode;
}) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  const clear = () => {
    setDraft('');
    setQ('');
  };

  return (
    <>
      <form role="search" className="search-form" onSubmit={submit}>
        <input
          type="search"
          aria-label="Search inside your books"
          placeholder="Search inside your books..."
          enterKeyHint="search"
          maxLength={500}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && q) clear();
          }}
        />
        <button type="submit" className="button-primary">
          Search
        </button>
      </form>
      {q ? <SearchResults q={q} onOpen={onOpen} onClear={clear} /> : children}
    </>
  );
}

function SearchResults({
  q,
  onOpen,
  onClear,
}: {
  q: string;
  onOpen: (target: SearchResultTarget) => void;
  onClear: () => void;
}) {
  const results = useQuery(libraryQueries.search(q));
  return (
    <section className="stack" aria-labelledby="search-results-title">
      <div className="row search-results-header">
        <h3 id="search-results-title">{`Results for “${q}”`}</h3>
        <button type="button" className="link-button" onClick={onClear}>
          Clear search
        </button>
      </div>
      {results.isPending && (
        <p className="muted" role="status">
          Searching...
        </p>
      )}
      {results.isError && (
        <ErrorNotice error={uiErrorOf(results.error, MESSAGES.searchFailed)} onRetry={() => void results.refetch()} />
      )}
      {results.data?.length === 0 && (
        <div className="empty">
          <p>{`No pages match "${q}"`}</p>
          <p className="muted small">Try fewer or other words, the way the book would say it.</p>
        </div>
      )}
      {!!results.data?.length && (
        <ul className="search-results">
          {results.data.map((result) => (
            <li key={`${result.book_id}:${result.page}`}>
              <SearchResultRow result={result} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SearchResultRow({ result, onOpen }: { result: SearchResult; onOpen: (target: SearchResultTarget) => void }) {
  return (
    <button
      type="button"
      className="search-result"
      onClick={() => onOpen({ bookId: result.book_id, chapterId: result.chapter_id })}
    >
      <span className="book-row-title">{result.book_title}</span>
      <span className="muted small">
        {result.chapter_title === null
          ? 'Before the first chapter'
          : chapterHeading({ label: result.chapter_label, title: result.chapter_title })}{' '}
        · p. {result.page_label}
      </span>
      <Snippet snippet={result.snippet} />
    </button>
  );
}

/** The server's escaped snippet as text nodes, matches in <mark>: never parsed as HTML. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <span className="snippet">
      {snippetParts(snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
    </span>
  );
}
