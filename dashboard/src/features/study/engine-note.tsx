import { type Book } from '@chapterwise/shared';
import { Info } from 'lucide-react';

/** Honest labelling: the offline engine picks sentences from the book rather than writing new ones. */
export function EngineNote({ engine }: { engine: Book['engine'] }) {
  if (engine !== 'offline') return null;
  return (
    <p
      className="mt-4 inline-flex items-center gap-1.5 text-xs text-slate-500"
      title="Sentences are selected from the book itself; no AI service was used."
    >
      <Info className="size-3.5" aria-hidden="true" />
      Extractive summary (offline engine)
    </p>
  );
}
