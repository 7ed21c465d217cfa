import { type BookListItem } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { BookOpen, Eye, Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { isProcessing } from '../books/queries.js';
import { StatusBadge } from '../books/status-badge.js';

/** A book of the library. The whole card opens the book (the title link covers it). */
export function BookCard({
  book,
  onDelete,
  dueCount = 0,
}: {
  book: BookListItem;
  onDelete: (book: BookListItem) => void;
  /** Flashcards of the book due for review now. */
  dueCount?: number;
}) {
  const processing = isProcessing(book);
  return (
    <article className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-sm">
          <BookOpen className="size-5" aria-hidden="true" />
        </div>
        <StatusBadge status={book.status} />
      </div>
      <h3 className="mt-4 line-clamp-2 text-base leading-snug font-semibold text-slate-900">
        <Link
          to="/books/$bookId"
          params={{ bookId: book.id }}
          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
        >
          {book.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        {`${book.total_pages} pages`}
        {dueCount > 0 && <span className="ml-2 font-medium text-brand-700">{`· ${dueCount} cards due`}</span>}
      </p>
      {processing && (
        <div className="mt-4 space-y-1.5" aria-live="polite">
          <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
            <span className="truncate">{book.status_detail ?? 'Processing...'}</span>
            <span className="font-medium tabular-nums">{Math.round(book.progress)}%</span>
          </div>
          <ProgressBar value={book.progress} label={`Processing ${book.title}`} tone="amber" className="h-1.5" />
        </div>
      )}
      {book.status === 'failed' && book.status_detail && (
        <p className="mt-3 line-clamp-2 text-xs text-red-600">{book.status_detail}</p>
      )}
      <div className="relative z-10 mt-auto flex gap-2 pt-5">
        <Link
          to="/books/$bookId"
          params={{ bookId: book.id }}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'flex-1' })}
          aria-label={`View ${book.title}`}
        >
          <Eye className="size-4" aria-hidden="true" />
          View
        </Link>
        <Button
          variant="danger"
          size="sm"
          onClick={() => onDelete(book)}
          aria-label={`Delete ${book.title}`}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
        >
          Delete
        </Button>
      </div>
    </article>
  );
}
