import { type ChapterPreparation } from '@chapterwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { toastError } from '../../lib/errors.js';
import { bookKeys, bookQueries, usePrepareChaptersMutation } from './queries.js';

/**
 * "Prepare all chapters" (model engine only: offline notes are written during ingestion). Before it
 * starts it shows what it will cost; while it runs, how many chapters are done.
 */
export function PrepareChapters({ bookId }: { bookId: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...bookQueries.preparation(bookId), retry: false });
  const prepare = usePrepareChaptersMutation(bookId);
  const done = data?.chapters_done;

  // Each chapter that finishes shows its notes in the list below.
  const seenDone = useRef(done);
  useEffect(() => {
    if (seenDone.current !== undefined && done !== seenDone.current)
      void queryClient.invalidateQueries({ queryKey: bookKeys.chapters(bookId) });
    seenDone.current = done;
  }, [bookId, done, queryClient]);

  if (!data || data.status === 'done' || data.chapters_total === 0) return null;
  if (data.status === 'running') {
    return (
      <div className="mb-4 rounded-xl border border-slate-200 bg-white p-4" aria-live="polite">
        <p className="text-sm font-medium text-slate-800">
          {`Preparing notes and topics: ${data.chapters_done} of ${data.chapters_total} chapters`}
        </p>
        <ProgressBar
          className="mt-3"
          value={(data.chapters_done / data.chapters_total) * 100}
          label="Chapters prepared"
        />
      </div>
    );
  }
  const left = data.chapters_total - data.chapters_done;
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="text-slate-700">
          {left === data.chapters_total
            ? "Write every chapter's notes and topics now, in one go."
            : `Write the notes and topics of the ${left} ${left === 1 ? 'chapter' : 'chapters'} not prepared yet.`}
        </p>
        <p className="mt-1 text-slate-500">{estimateText(data.estimate)}</p>
        {data.status === 'failed' && data.error && (
          <p role="alert" className="mt-1 text-red-600">
            {data.error}
          </p>
        )}
      </div>
      <Button
        className="shrink-0"
        busy={prepare.isPending}
        onClick={() =>
          prepare.mutate(undefined, { onError: (error) => toastError(error, 'Could not prepare the chapters') })
        }
        icon={<Layers className="size-4" aria-hidden="true" />}
      >
        Prepare all chapters
      </Button>
    </div>
  );
}

export function estimateText(estimate: ChapterPreparation['estimate']): string {
  const tokens = `About ${(estimate.input_tokens + estimate.output_tokens).toLocaleString('en-US')} tokens`;
  if (estimate.cost_usd === null) return `${tokens} of your AI allowance.`;
  const cost = estimate.cost_usd < 0.01 ? 'under $0.01' : `about $${estimate.cost_usd.toFixed(2)}`;
  return `${tokens}, ${cost}.`;
}
