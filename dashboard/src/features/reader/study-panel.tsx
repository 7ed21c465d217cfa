import { type Book, type Chapter, type Highlight } from '@chapterwise/shared';
import { ChevronUp } from 'lucide-react';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.js';
import { chapterHeading } from '../books/chapter-heading.js';
import { type useCreateHighlightMutation, type useExplainSelectionMutation } from './queries.js';
import { type StudyRequest } from './selection-toolbar.js';

const StudyPanelBody = lazy(() =>
  import('./study-panel-body.js').then((module) => ({ default: module.StudyPanelBody })),
);

// Tailwind's max-lg: the panel is a bottom sheet there.
const SHEET = '(width < 64rem)';
function subscribeSheet(onChange: () => void) {
  const query = window.matchMedia?.(SHEET);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isSheet = () => window.matchMedia?.(SHEET).matches ?? false;

/**
 * Beside the pages (a bottom sheet on phones and tablets): its heading and handle; what it holds is
 * study-panel-body.tsx, fetched once it is to be seen.
 */
export function StudyPanel({
  book,
  chapters,
  chapter,
  page,
  highlights,
  labels,
  request,
  explain,
  create,
  waiting,
  open,
  away = false,
  onOpenChange,
  onClearRequest,
  onGoToPage,
}: {
  book: Book;
  chapters: Chapter[];
  chapter: Chapter | undefined;
  page: number;
  highlights: Highlight[];
  labels: readonly string[] | undefined;
  request: StudyRequest | null;
  /** The explanation of the selection, and the saving of a highlight or note (the reader starts them). */
  explain: ReturnType<typeof useExplainSelectionMutation>;
  create: ReturnType<typeof useCreateHighlightMutation>;
  /** While the first pages are drawn: the notes, topics and highlights wait (their place is kept). */
  waiting: boolean;
  /** Whether the bottom sheet is up (phones). */
  open: boolean;
  /** While the student reads down on a phone, the closed sheet's handle slides out of the way. */
  away?: boolean;
  onOpenChange: (open: boolean) => void;
  onClearRequest: () => void;
  onGoToPage: (page: number) => void;
}) {
  const headingId = useId();
  // Below lg the panel is a bottom sheet whose body is hidden until opened: its notes are built on the first
  // opening, not while the first pages are drawn (a request opens the sheet). Once built, they stay.
  const sheet = useSyncExternalStore(subscribeSheet, isSheet, () => false);
  const [built, setBuilt] = useState(false);
  const shown = built || request !== null || (!waiting && (open || !sheet));
  if (shown && !built) setBuilt(true);

  return (
    <aside
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col bg-white lg:w-96 lg:shrink-0 lg:border-l lg:border-slate-200',
        'max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:rounded-t-2xl max-lg:border-t max-lg:border-slate-200 max-lg:shadow-[0_-8px_24px_rgba(15,23,42,0.12)]',
        'max-lg:transition-transform max-lg:duration-200',
        open ? 'max-lg:h-[60dvh]' : 'max-lg:h-14',
        away && !open && 'max-lg:translate-y-full',
      )}
    >
      <button
        type="button"
        className="flex h-14 shrink-0 items-center gap-2 px-4 text-left lg:hidden"
        aria-expanded={open}
        aria-controls="study-panel-body"
        onClick={() => onOpenChange(!open)}
      >
        <ChevronUp
          className={cn('size-5 text-slate-500 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
          {chapter ? `Study · ${chapterHeading(chapter)}` : 'Study panel'}
        </span>
      </button>
      <div
        id="study-panel-body"
        className={cn('min-h-0 flex-1 space-y-6 overflow-y-auto p-4 lg:p-5', !open && 'max-lg:hidden')}
      >
        <h2 id={headingId} className="sr-only">
          Study panel
        </h2>

        {shown ? (
          <Suspense fallback={<div className="min-h-96" aria-busy="true" />}>
            <StudyPanelBody
              book={book}
              chapters={chapters}
              chapter={chapter}
              page={page}
              highlights={highlights}
              labels={labels}
              request={request}
              explain={explain}
              create={create}
              headingId={headingId}
              onClearRequest={onClearRequest}
              onGoToPage={onGoToPage}
            />
          </Suspense>
        ) : (
          <div className="min-h-96" aria-busy="true" />
        )}
      </div>
    </aside>
  );
}
