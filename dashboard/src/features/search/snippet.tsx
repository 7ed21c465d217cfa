import { snippetParts } from '@chapterwise/shared';
import { cn } from '../../lib/cn.js';

/** Split into text nodes, never given to innerHTML. */
export function Snippet({ snippet, className }: { snippet: string; className?: string }) {
  return (
    <p className={cn('text-[15px] leading-relaxed break-words text-slate-700', className)}>
      {snippetParts(snippet).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-slate-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
