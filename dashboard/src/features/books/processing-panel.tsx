import { type Book } from '@chapterwise/shared';
import { TriangleAlert } from 'lucide-react';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { Spinner } from '../../components/ui/spinner.js';

/** Live ingestion progress while a book is not completed; the reason when it failed. */
export function ProcessingPanel({ book }: { book: Book }) {
  if (book.status === 'completed') return null;
  if (book.status === 'failed') {
    return (
      <div role="alert" className="mt-6 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">We couldn't process this book</p>
          <p className="mt-1 text-sm">{book.error ?? book.status_detail ?? 'Processing failed.'}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-6 rounded-2xl border border-amber-200 bg-amber-50/70 p-5" aria-live="polite">
      <div className="flex items-center gap-3 text-amber-700">
        <Spinner size="sm" label="Processing" />
        <p className="font-semibold text-amber-900">Processing your book...</p>
        <span className="ml-auto text-sm font-semibold text-amber-900 tabular-nums">{`${Math.round(book.progress)}%`}</span>
      </div>
      <ProgressBar value={book.progress} label="Processing progress" tone="amber" className="mt-3" />
      <p className="mt-2 text-sm text-amber-800">{book.status_detail ?? 'Waiting to start...'}</p>
    </div>
  );
}
