import { type Book } from '@chapterwise/shared';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

const STAND_IN_REASON = {
  chapter: 'the AI service did not return usable notes for this chapter.',
  book: 'the AI service did not return a usable summary of this book.',
} as const;

/**
 * Honest labelling: the offline engine picks sentences from the book rather than writing new ones. `writtenBy` is
 * the engine recorded with the text (null: the book's engine wrote it); with a model configured, offline notes
 * stand in for ones the model could not write usably, and the label says why. `action` sits beside it.
 */
export function EngineNote({
  engine,
  writtenBy = null,
  subject = 'chapter',
  action,
}: {
  engine: Book['engine'];
  writtenBy?: Book['engine'] | null;
  subject?: keyof typeof STAND_IN_REASON;
  action?: ReactNode;
}) {
  if ((writtenBy ?? engine) !== 'offline') return null;
  const standIn = engine === 'llm';
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
      <p
        className="inline-flex items-start gap-1.5 text-xs text-slate-500"
        title={
          standIn
            ? "Sentences are selected from the book itself; the AI service's notes did not pass the checks."
            : 'Sentences are selected from the book itself; no AI service was used.'
        }
      >
        <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span>Extractive summary (offline engine){standIn && `: ${STAND_IN_REASON[subject]}`}</span>
      </p>
      {standIn && action}
    </div>
  );
}
