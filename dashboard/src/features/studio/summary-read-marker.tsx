import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { studioQueries, useMarkSummaryReadMutation } from './queries.js';

/**
 * Put after a chapter's notes: when their end scrolls into view (at once for notes that fit the screen), the
 * chapter counts as "summary read" in the book's progress. Nothing to click, nothing to configure.
 */
export function SummaryReadMarker({ bookId, chapterId }: { bookId: string; chapterId: string }) {
  const progress = useQuery(studioQueries.progress(bookId));
  const markRead = useMarkSummaryReadMutation(bookId);
  const { mutate } = markRead;
  const read =
    markRead.data?.summary_read ?? progress.data?.find((row) => row.chapter_id === chapterId)?.summary_read ?? false;
  const end = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const node = end.current;
    // Unknown until the progress answers: a chapter already read is not marked again.
    if (read || progress.isPending || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      mutate(chapterId);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [read, progress.isPending, chapterId, mutate]);

  return (
    <p ref={end} data-testid="summary-read" className="mt-3 flex min-h-5 items-center gap-1.5 text-xs text-slate-600">
      {read && (
        <>
          <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
          You have read these notes; the book page counts them in this chapter&apos;s progress.
        </>
      )}
    </p>
  );
}
