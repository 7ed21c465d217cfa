import { chapterHeadings, type Chapter } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';

function pages(chapter: Chapter): string {
  const first = chapter.start_label ?? String(chapter.start_page);
  const last = chapter.end_label ?? String(chapter.end_page);
  return first === last ? `p. ${first}` : `pp. ${first}–${last}`;
}

/** At the top of the summary, so on a phone the chapters are one tap away. */
export function BookOutline({ chapters }: { chapters: Chapter[] }) {
  if (chapters.length === 0) return null;
  const headings = chapterHeadings(chapters);
  return (
    <nav
      aria-labelledby="book-outline-heading"
      className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      <h3 id="book-outline-heading" className="px-1 text-sm font-semibold text-slate-900">
        {chapters.length === 1 ? 'The book in 1 chapter' : `The book in ${chapters.length} chapters`}
      </h3>
      <ol className="mt-2 grid gap-1 sm:grid-cols-2">
        {chapters.map((chapter, index) => (
          <li key={chapter.id} className="min-w-0">
            <Link
              to="/chapters/$chapterId"
              params={{ chapterId: chapter.id }}
              className="group flex min-h-11 items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 transition-colors hover:bg-white hover:text-brand-700"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words text-slate-900 group-hover:text-brand-700">
                  {headings[index]}
                </span>
                <span className="block text-xs text-slate-600">{pages(chapter)}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
