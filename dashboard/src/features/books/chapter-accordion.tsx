import { type Chapter, type ChapterProgress } from '@chapterwise/shared';
import * as Accordion from '@radix-ui/react-accordion';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ChevronDown } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.js';
import { MasteryIndicator } from '../studio/mastery.js';
import { SummaryMarkdown } from '../study/summary-markdown.js';

export function chapterHeading(chapter: Pick<Chapter, 'chapter_number' | 'title'>): string {
  return `Chapter ${chapter.chapter_number}: ${chapter.title}`;
}

export function pageRange(chapter: Chapter): string {
  const first = chapter.start_label ?? String(chapter.start_page);
  const last = chapter.end_label ?? String(chapter.end_page);
  return first === last ? `Page ${first}` : `Pages ${first}–${last}`;
}

/** The book's chapters: one open at a time, collapsible. */
export function ChapterAccordion({
  chapters,
  progress,
}: {
  chapters: Chapter[];
  /** Study progress per chapter id, shown as a small mastery indicator once the chapter has cards or quizzes. */
  progress?: Map<string, ChapterProgress>;
}) {
  if (chapters.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">No chapters found</p>;
  }
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200"
    >
      {chapters.map((chapter) => (
        <Accordion.Item key={chapter.id} value={chapter.id} className="bg-white">
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center gap-3 px-4 py-4 text-left transition-colors hover:bg-slate-50 focus-visible:-outline-offset-2 data-[state=open]:bg-brand-50/50 sm:px-5">
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{chapterHeading(chapter)}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                    <span>{pageRange(chapter)}</span>
                    {chapter.summary && <span className="font-medium text-emerald-700">✓ Summary available</span>}
                    {progress?.get(chapter.id) &&
                      (progress.get(chapter.id)!.cards_total > 0 ||
                        progress.get(chapter.id)!.best_quiz_score !== null) && (
                        <MasteryIndicator progress={progress.get(chapter.id)} />
                      )}
                  </span>
                </span>
                <ChevronDown
                  className="size-5 shrink-0 text-slate-400 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
            <div className="px-4 pt-1 pb-5 sm:px-5">
              {chapter.summary ? (
                <div className="relative max-h-48 overflow-hidden">
                  <SummaryMarkdown text={chapter.summary} />
                  <div
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white"
                  />
                </div>
              ) : (
                <p className="text-sm text-slate-500">
                  No summary yet. Open the chapter to generate one and extract its key topics.
                </p>
              )}
              <Link
                to="/chapters/$chapterId"
                params={{ chapterId: chapter.id }}
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
              >
                View Chapter Details
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
