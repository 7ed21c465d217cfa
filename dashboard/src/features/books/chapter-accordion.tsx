import { chapterHeadings, type Chapter, type ChapterProgress } from '@chapterwise/shared';
import * as Accordion from '@radix-ui/react-accordion';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ChevronDown, Combine, Pencil, Scissors, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { MasteryIndicator } from '../studio/mastery.js';
import { SummaryMarkdown } from '../study/summary-markdown.js';
import type { ChapterEditKind } from './chapter-edit-dialog.js';
import { pageRange } from './chapter-heading.js';

// Opened by a click: its dialog code loads then, not with every book page.
const ChapterEditDialog = lazy(() =>
  import('./chapter-edit-dialog.js').then((module) => ({ default: module.ChapterEditDialog })),
);

function isStudied(progress: ChapterProgress): boolean {
  return progress.summary_read || progress.cards_total > 0 || progress.best_quiz_score !== null;
}

/** The book's chapters: one open at a time, collapsible; with `bookId`, each can be renamed, merged, split or deleted. */
export function ChapterAccordion({
  chapters,
  progress,
  bookId,
  notesArriving = false,
}: {
  chapters: Chapter[];
  /** The engine is writing the chapters' notes now: a chapter without them says so instead of offering to write them. */
  notesArriving?: boolean;
  /** Study progress per chapter id, shown as a small mastery indicator once the chapter is read or studied. */
  progress?: Map<string, ChapterProgress>;
  bookId?: string;
}) {
  const [editing, setEditing] = useState<{ index: number; kind: ChapterEditKind } | null>(null);
  // Only the open chapter's notes are built: Radix measures every mounted panel, closed or not, which for a
  // 60-chapter book is a third of a second of forced layout on a phone.
  const [open, setOpen] = useState('');
  if (chapters.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">No chapters found</p>;
  }
  const headings = chapterHeadings(chapters);
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={open}
      onValueChange={setOpen}
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200"
    >
      {chapters.map((chapter, index) => (
        <Accordion.Item key={chapter.id} value={chapter.id} className="bg-white">
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center gap-3 px-4 py-4 text-left transition-colors hover:bg-slate-50 focus-visible:-outline-offset-2 data-[state=open]:bg-brand-50/50 sm:px-5">
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{headings[index]}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                    <span>{pageRange(chapter)}</span>
                    {chapter.summary && <span className="font-medium text-emerald-700">✓ Summary available</span>}
                    {progress?.get(chapter.id) && isStudied(progress.get(chapter.id)!) && (
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
          {open === chapter.id && (
            <Accordion.Content className="overflow-hidden data-[state=open]:animate-accordion-down">
              <div className="px-4 pt-1 pb-5 sm:px-5">
                {chapter.summary ? (
                  <div className="relative max-h-48 overflow-hidden">
                    <SummaryMarkdown text={chapter.summary} />
                    <div
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white"
                    />
                  </div>
                ) : notesArriving ? (
                  // As tall as the notes will be: when they arrive nothing below moves (not the buttons under a pointer).
                  <div role="status" className="flex h-48 flex-col gap-3">
                    <p className="text-sm text-slate-500">
                      The study notes for this chapter are being written and appear here in a moment.
                    </p>
                    <Skeleton className="h-4 w-full" />
                    <Skeleton className="h-4 w-11/12" />
                    <Skeleton className="h-4 w-4/5" />
                    <Skeleton className="h-4 w-2/3" />
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
                {bookId && (
                  <div
                    role="group"
                    aria-label={`Fix ${headings[index]}`}
                    className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4"
                  >
                    <EditButton
                      label="Rename"
                      icon={<Pencil />}
                      onClick={() => setEditing({ index, kind: 'rename' })}
                    />
                    {index < chapters.length - 1 && (
                      <EditButton
                        label="Merge with next"
                        icon={<Combine />}
                        onClick={() => setEditing({ index, kind: 'merge' })}
                      />
                    )}
                    {chapter.end_page > chapter.start_page && (
                      <EditButton
                        label="Split at page…"
                        icon={<Scissors />}
                        onClick={() => setEditing({ index, kind: 'split' })}
                      />
                    )}
                    {chapters.length > 1 && (
                      <EditButton
                        label="Delete"
                        icon={<Trash2 />}
                        onClick={() => setEditing({ index, kind: 'delete' })}
                      />
                    )}
                  </div>
                )}
              </div>
            </Accordion.Content>
          )}
        </Accordion.Item>
      ))}
      {bookId && editing && chapters[editing.index] && (
        <Suspense fallback={null}>
          <ChapterEditDialog
            bookId={bookId}
            chapter={chapters[editing.index]!}
            next={chapters[editing.index + 1]}
            kind={editing.kind}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Accordion.Root>
  );
}

function EditButton({ label, icon, onClick }: { label: string; icon: ReactElement; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClick}
      icon={
        <span className="size-4 [&>svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      }
    >
      {label}
    </Button>
  );
}
