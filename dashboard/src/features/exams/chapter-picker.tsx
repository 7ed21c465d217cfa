import type { BookListItem } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Field, Select } from '../../components/ui/field.js';
import { Spinner } from '../../components/ui/spinner.js';
import { chapterHeading, pageRange } from '../books/chapter-heading.js';
import { bookQueries } from '../books/queries.js';

/** Which book each chosen chapter belongs to: the count beside each book in the list. */
export type ChosenChapters = ReadonlyMap<string, string>;

/** The choice with `chapterIds` of `bookId` added (`on`) or taken out. */
export function toggleChapters(
  chosen: ChosenChapters,
  bookId: string,
  chapterIds: string[],
  on: boolean,
): ChosenChapters {
  const next = new Map(chosen);
  for (const id of chapterIds) {
    if (on) next.set(id, bookId);
    else next.delete(id);
  }
  return next;
}

/** How many chosen chapters each book has. */
export function countByBook(chosen: ChosenChapters): Map<string, number> {
  const counts = new Map<string, number>();
  for (const bookId of chosen.values()) counts.set(bookId, (counts.get(bookId) ?? 0) + 1);
  return counts;
}

/**
 * The chapters an exam covers, from one or more books: pick a book, then tick its chapters. Switching books keeps
 * what was ticked in the others; each book in the list says how many of its chapters are chosen.
 */
export function ChapterPicker({
  books,
  chosen,
  onChange,
  initialBookId,
  error,
}: {
  /** The books that can be studied (processed). */
  books: BookListItem[];
  chosen: ChosenChapters;
  onChange: (chosen: ChosenChapters) => void;
  initialBookId?: string;
  error?: string | null;
}) {
  const [bookId, setBookId] = useState(() => initialBookId ?? chosen.values().next().value ?? books[0]?.id ?? '');
  const counts = countByBook(chosen);
  const book = books.find((item) => item.id === bookId);

  return (
    <div className="space-y-3">
      <Field
        label="Book"
        hint="Choose a book, then tick the chapters the exam covers. You can add chapters of several books."
      >
        {(control) => (
          <Select {...control} value={bookId} onChange={(event) => setBookId(event.target.value)}>
            {books.map((item) => {
              const count = counts.get(item.id) ?? 0;
              return (
                <option key={item.id} value={item.id}>
                  {count ? `${item.title} (${count} chosen)` : item.title}
                </option>
              );
            })}
          </Select>
        )}
      </Field>
      {book && <BookChapters key={book.id} book={book} chosen={chosen} onChange={onChange} />}
      <p className="text-sm text-slate-600" aria-live="polite">
        {chosen.size === 0
          ? 'No chapters chosen yet.'
          : `${chosen.size} ${chosen.size === 1 ? 'chapter' : 'chapters'} chosen from ${counts.size} ${counts.size === 1 ? 'book' : 'books'}.`}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function BookChapters({
  book,
  chosen,
  onChange,
}: {
  book: BookListItem;
  chosen: ChosenChapters;
  onChange: (chosen: ChosenChapters) => void;
}) {
  const legendId = useId();
  const chapters = useQuery(bookQueries.chapters(book.id));
  if (chapters.isPending) {
    return (
      <div className="flex justify-center rounded-xl border border-slate-200 py-6 text-brand-600">
        <Spinner label={`Loading the chapters of ${book.title}`} />
      </div>
    );
  }
  if (chapters.isError) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 px-4 py-6 text-center">
        <p className="text-sm text-slate-700">Could not load the chapters of this book.</p>
        <Button
          variant="outline"
          size="sm"
          busy={chapters.isFetching}
          onClick={() => void chapters.refetch()}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          Try again
        </Button>
      </div>
    );
  }
  const ids = chapters.data.map((chapter) => chapter.id);
  const allChosen = ids.length > 0 && ids.every((id) => chosen.has(id));
  return (
    <fieldset aria-labelledby={legendId} className="min-w-0 rounded-xl border border-slate-200">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-3 py-2">
        <span id={legendId} className="min-w-0 truncate text-sm font-medium text-slate-900">
          {`Chapters of ${book.title}`}
        </span>
        {ids.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="-mr-1"
            onClick={() => onChange(toggleChapters(chosen, book.id, ids, !allChosen))}
          >
            {allChosen ? 'Clear all' : 'Choose all'}
          </Button>
        )}
      </div>
      {ids.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-600">No chapters found</p>
      ) : (
        <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {chapters.data.map((chapter) => (
            <li key={chapter.id}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={chosen.has(chapter.id)}
                  onChange={(event) => onChange(toggleChapters(chosen, book.id, [chapter.id], event.target.checked))}
                />
                <span className="min-w-0">
                  <span className="block text-sm break-words text-slate-900">{chapterHeading(chapter)}</span>
                  <span className="block text-xs text-slate-500">{pageRange(chapter)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
