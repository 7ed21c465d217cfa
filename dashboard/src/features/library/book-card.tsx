import { type BookListItem } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { BookOpen, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Menu } from '../../components/ui/menu.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { isProcessing } from '../books/queries.js';
import { StatusBadge } from '../books/status-badge.js';
import { once } from '../../lib/once.js';

const relative = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

export function lastOpened(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'Not opened yet';
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes > -1) return 'Opened just now';
  if (minutes > -60) return `Opened ${relative().format(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours > -24) return `Opened ${relative().format(hours, 'hour')}`;
  const days = Math.round(hours / 24);
  if (days > -30) return `Opened ${relative().format(days, 'day')}`;
  return `Opened ${new Date(iso).toLocaleDateString('en', { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

function Cover({ book, firstOnScreen }: { book: BookListItem; firstOnScreen: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative aspect-[3/4] w-20 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-gradient-to-br from-brand-50 to-violet-100 shadow-xs sm:w-24">
      {book.cover_url && !failed ? (
        <img
          src={book.cover_url}
          alt=""
          // The first covers are on screen at once (the first is the page's largest paint): loaded at once.
          loading={firstOnScreen ? 'eager' : 'lazy'}
          fetchPriority={firstOnScreen ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover object-top"
        />
      ) : (
        <BookOpen className="absolute inset-0 m-auto size-7 text-brand-400" aria-hidden="true" />
      )}
    </div>
  );
}

/** A book of the library. The whole card opens the book (the title link covers it); Delete is in its menu. */
export function BookCard({
  book,
  onDelete,
  dueCount = 0,
  firstOnScreen = false,
}: {
  book: BookListItem;
  onDelete: (book: BookListItem) => void;
  firstOnScreen?: boolean;
  dueCount?: number;
}) {
  const processing = isProcessing(book);
  const details =
    book.status === 'completed'
      ? [
          `${book.total_pages} pages`,
          ...(book.chapter_count !== undefined
            ? [`${book.chapter_count} ${book.chapter_count === 1 ? 'chapter' : 'chapters'}`]
            : []),
          ...(dueCount > 0 ? [`${dueCount} ${dueCount === 1 ? 'card' : 'cards'} due`] : []),
        ].join(' • ')
      : null;
  return (
    <article className="group relative flex w-full gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition hover:border-brand-200 hover:shadow-md">
      <Cover book={book} firstOnScreen={firstOnScreen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <StatusBadge status={book.status} />
          <div className="relative z-10 -mt-1 -mr-1">
            <Menu
              label={`Actions for ${book.title}`}
              trigger={<MoreHorizontal className="size-5" aria-hidden="true" />}
              items={[
                {
                  label: 'Delete',
                  tone: 'danger',
                  icon: <Trash2 className="size-4" aria-hidden="true" />,
                  onSelect: () => onDelete(book),
                },
              ]}
            />
          </div>
        </div>
        <h3 className="mt-2 line-clamp-2 text-base leading-snug font-semibold text-slate-900">
          <Link
            to="/books/$bookId"
            params={{ bookId: book.id }}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
          >
            {book.title}
          </Link>
        </h3>
        {details && <p className="mt-1 text-sm text-slate-600">{details}</p>}
        {processing && (
          <div className="mt-3 space-y-1.5" aria-live="polite">
            <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
              <span className="truncate">{book.status_detail ?? 'Processing...'}</span>
              <span className="font-medium tabular-nums">{Math.round(book.progress)}%</span>
            </div>
            <ProgressBar value={book.progress} label={`Processing ${book.title}`} tone="amber" className="h-1.5" />
          </div>
        )}
        {book.status === 'failed' && book.status_detail && (
          <p className="mt-2 line-clamp-2 text-xs text-red-600">{book.status_detail}</p>
        )}
        {!processing && <p className="mt-auto pt-3 text-xs text-slate-500">{lastOpened(book.last_opened_at)}</p>}
      </div>
    </article>
  );
}
