import { type FindInBookResult } from '@chapterwise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { readerQueries } from './queries.js';

const TYPING_PAUSE_MS = 250;
const MIN_QUERY = 2;

export type FindMatch = FindInBookResult['matches'][number];
const NO_MATCHES: FindMatch[] = [];

/**
 * Find in book (Ctrl/Cmd+F in the reader): searches the book's stored page text, shows "n of N" and takes the
 * reader to each occurrence in turn (Enter next, Shift+Enter previous, Escape closes).
 */
export function FindBar({
  bookId,
  onMatch,
  onClose,
}: {
  bookId: string;
  onMatch: (match: FindMatch | null, query: string) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  // The match shown, for the query it was chosen in (a new query starts at its first match).
  const [position, setPosition] = useState({ query: '', index: 0 });
  const input = useRef<HTMLInputElement>(null);
  const report = useEffectEvent((match: FindMatch | null, found: string) => onMatch(match, found));

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(draft.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const enabled = query.length >= MIN_QUERY;
  const found = useQuery({ ...readerQueries.find(bookId, query), enabled, placeholderData: keepPreviousData });
  const result = enabled ? found.data : undefined;
  const matches = result?.matches ?? NO_MATCHES;
  const current = position.query === query ? position.index : 0;
  const index = matches.length ? Math.min(current, matches.length - 1) : 0;

  useEffect(() => {
    report(matches[index] ?? null, result?.query ?? '');
  }, [matches, index, result?.query]);

  const step = (by: number) => {
    if (matches.length) setPosition({ query, index: (index + by + matches.length) % matches.length });
  };

  let status = '';
  if (draft.trim().length > 0 && draft.trim().length < MIN_QUERY) status = 'Type at least 2 letters';
  else if (enabled && found.isError) status = 'Search failed';
  else if (result && result.query === query)
    status = result.total === 0 ? 'No matches' : `${index + 1} of ${result.total}`;
  else if (enabled) status = 'Searching…';

  return (
    <search className="flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5 sm:px-4">
      <label htmlFor="reader-find" className="sr-only">
        Find in book
      </label>
      <input
        ref={input}
        id="reader-find"
        type="search"
        value={draft}
        placeholder="Find in book"
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
        className="h-9 w-full max-w-xs min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-500"
      />
      <span
        role="status"
        aria-live="polite"
        className="min-w-24 px-1 text-xs whitespace-nowrap text-slate-600 tabular-nums"
        data-testid="find-status"
      >
        {status}
      </span>
      {result && matches.length > 0 && result.query === query && (
        <span className="hidden truncate text-xs text-slate-500 sm:inline">{`p. ${matches[index]!.page_label}`}</span>
      )}
      <Button
        variant="ghost"
        size="sm"
        aria-label="Previous match"
        disabled={matches.length === 0}
        onClick={() => step(-1)}
        icon={<ChevronUp className="size-4" aria-hidden="true" />}
      />
      <Button
        variant="ghost"
        size="sm"
        aria-label="Next match"
        disabled={matches.length === 0}
        onClick={() => step(1)}
        icon={<ChevronDown className="size-4" aria-hidden="true" />}
      />
      <Button
        variant="ghost"
        size="sm"
        aria-label="Close find"
        onClick={onClose}
        icon={<X className="size-4" aria-hidden="true" />}
      />
    </search>
  );
}
