import { type Book, type Chapter, type Highlight } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Download, Lightbulb, ListTree, NotebookPen, Pencil, Repeat, Sparkles, Trash2, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Textarea } from '../../components/ui/field.js';
import { Spinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/cn.js';
import { chapterHeading } from '../books/chapter-heading.js';
import { chapterQueries, useExtractTopicsMutation, useSummarizeChapterMutation } from '../chapters/queries.js';
import { TopicCard } from '../chapters/topic-card.js';
import { studioQueries } from '../studio/queries.js';
import { bookPageLinks } from '../study/page-links.js';
import { SummaryMarkdown } from '../study/summary-markdown.js';
import { SummaryReadMarker } from '../studio/summary-read-marker.js';
import {
  useDeleteHighlightMutation,
  useExportNotesMutation,
  useUpdateHighlightMutation,
  type useCreateHighlightMutation,
  type useExplainSelectionMutation,
} from './queries.js';
import type { StudyRequest } from './selection-toolbar.js';

export interface StudyPanelBodyProps {
  book: Book;
  chapters: Chapter[];
  chapter: Chapter | undefined;
  page: number;
  highlights: Highlight[];
  labels: readonly string[] | undefined;
  request: StudyRequest | null;
  explain: ReturnType<typeof useExplainSelectionMutation>;
  create: ReturnType<typeof useCreateHighlightMutation>;
  /** The panel's heading, which names the notes section too. */
  headingId: string;
  onClearRequest: () => void;
  onGoToPage: (page: number) => void;
}

/**
 * What the study panel holds: the chapter of the page read, with its summary, topics and ELI12, the student's
 * highlights and notes, and what they asked of a selection. A chunk of its own (markdown, topic cards): the
 * reader's first page does not wait for it.
 */
export function StudyPanelBody({
  book,
  chapters,
  chapter,
  page,
  highlights,
  labels,
  request,
  explain,
  create,
  headingId,
  onClearRequest,
  onGoToPage,
}: StudyPanelBodyProps) {
  const exportNotes = useExportNotesMutation(book.id, book.title);
  const near = chapter?.start_page;
  const resolvePageLink = useMemo(() => bookPageLinks(book, chapters, labels, near), [book, chapters, labels, near]);

  const inChapter = highlights.filter((item) =>
    chapter ? item.page >= chapter.start_page && item.page <= chapter.end_page : item.page === page,
  );

  return (
    <>
      {request?.kind === 'explain' && (
        <section aria-label="Explain simply" className="rounded-xl border border-amber-200 bg-amber-50 p-3.5">
          <div className="flex items-start justify-between gap-2">
            <p className="flex items-center gap-1.5 text-sm font-semibold text-amber-900">
              <Lightbulb className="size-4 text-amber-600" aria-hidden="true" />
              Explain simply
            </p>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Close the explanation"
              onClick={onClearRequest}
              icon={<X className="size-4" aria-hidden="true" />}
            />
          </div>
          <blockquote className="mt-1 border-l-2 border-amber-300 pl-2 text-sm text-amber-950/80 italic">
            {request.text}
          </blockquote>
          <div aria-live="polite" className="mt-2 text-sm text-amber-950">
            {explain.isPending ? (
              <span className="inline-flex items-center gap-2">
                <Spinner className="size-4" /> Explaining…
              </span>
            ) : explain.data ? (
              <div className="[&_.summary-prose]:text-sm [&_.summary-prose]:leading-6" data-testid="selection-eli12">
                <SummaryMarkdown text={explain.data.eli12_summary} resolvePageLink={resolvePageLink} />
              </div>
            ) : null}
          </div>
        </section>
      )}

      {request?.kind === 'note' && (
        <NewNote
          request={request}
          busy={create.isPending}
          onSave={(note) =>
            create.mutate({ page: request.page, text: request.text, note }, { onSuccess: onClearRequest })
          }
          onCancel={onClearRequest}
        />
      )}

      {chapter ? (
        <ChapterStudy key={chapter.id} book={book} chapter={chapter} resolvePageLink={resolvePageLink} />
      ) : (
        <p className="text-sm text-slate-600">This page is outside the chapters.</p>
      )}

      <section aria-labelledby={`${headingId}-notes`}>
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${headingId}-notes`} className="flex items-center gap-2 font-semibold text-slate-900">
            <NotebookPen className="size-4 text-brand-600" aria-hidden="true" />
            Highlights and notes
          </h3>
          <Button
            variant="outline"
            size="sm"
            busy={exportNotes.isPending}
            disabled={highlights.length === 0}
            onClick={() => exportNotes.mutate()}
            icon={<Download className="size-4" aria-hidden="true" />}
          >
            Export notes
          </Button>
        </div>
        {inChapter.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            Select text on the page to highlight it, add a note, or have it explained simply.
          </p>
        ) : (
          <ul className="mt-3 space-y-2.5">
            {inChapter.map((item) => (
              <HighlightItem key={item.id} bookId={book.id} highlight={item} onGoToPage={onGoToPage} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The chapter part of the panel: the same summary, topics and buttons as the chapter page. */
function ChapterStudy({
  book,
  chapter,
  resolvePageLink,
}: {
  book: Book;
  chapter: Chapter;
  resolvePageLink: ReturnType<typeof bookPageLinks>;
}) {
  const detail = useQuery({ ...chapterQueries.detail(chapter.id), initialData: chapter }).data;
  const topics = useQuery(chapterQueries.topics(chapter.id));
  const summarize = useSummarizeChapterMutation(chapter.id, book.id);
  const extract = useExtractTopicsMutation(chapter.id);
  return (
    <section aria-label="This chapter" className="space-y-4">
      <div>
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">This chapter</p>
        <h3 className="mt-0.5 font-semibold break-words text-slate-900">
          <Link to="/chapters/$chapterId" params={{ chapterId: chapter.id }} className="hover:underline">
            {chapterHeading(chapter)}
          </Link>
        </h3>
      </div>
      <div>
        <h4 className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold text-slate-800">
          <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
          Summary
        </h4>
        {detail.summary ? (
          <div className="[&_.summary-prose]:text-sm [&_.summary-prose]:leading-6">
            <SummaryMarkdown text={detail.summary} resolvePageLink={resolvePageLink} />
            <SummaryReadMarker bookId={book.id} chapterId={chapter.id} />
          </div>
        ) : (
          <Button
            size="sm"
            busy={summarize.isPending}
            onClick={() => summarize.mutate()}
            icon={<Sparkles className="size-4" aria-hidden="true" />}
          >
            Generate Summary
          </Button>
        )}
      </div>
      <div>
        <h4 className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold text-slate-800">
          <ListTree className="size-4 text-brand-600" aria-hidden="true" />
          Key Topics
        </h4>
        {topics.data && topics.data.length > 0 ? (
          <ul className="space-y-2.5">
            {topics.data.map((topic) => (
              <TopicCard key={topic.id} topic={topic} chapterId={chapter.id} resolvePageLink={resolvePageLink} />
            ))}
          </ul>
        ) : topics.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <Button
            size="sm"
            busy={extract.isPending}
            onClick={() => extract.mutate()}
            icon={<ListTree className="size-4" aria-hidden="true" />}
          >
            Extract Topics
          </Button>
        )}
      </div>
      <ChapterDueCards chapter={chapter} />
    </section>
  );
}

/** The chapter's flashcards due for review now, with the way to review them (the studio's queue). */
function ChapterDueCards({ chapter }: { chapter: Chapter }) {
  const due = useQuery({ ...studioQueries.due(chapter.book_id), retry: false });
  const cards = due.data?.cards.filter((card) => card.chapter_id === chapter.id) ?? [];
  if (cards.length === 0) return null;
  return (
    <div className="mt-5 border-t border-slate-100 pt-4">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Repeat className="size-4 text-brand-600" aria-hidden="true" />
        {`${cards.length} ${cards.length === 1 ? 'card' : 'cards'} due in this chapter`}
      </h3>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
        {cards.slice(0, 3).map((card) => (
          <li key={card.id} className="line-clamp-2">
            {card.front}
          </li>
        ))}
      </ul>
      <Link
        to="/review"
        search={{ book: chapter.book_id }}
        className="mt-3 inline-flex text-sm font-semibold text-brand-700 hover:underline"
      >
        Review due cards
      </Link>
    </div>
  );
}

function NewNote({
  request,
  busy,
  onSave,
  onCancel,
}: {
  request: StudyRequest;
  busy: boolean;
  onSave: (note: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <form
      aria-label="New note"
      className="rounded-xl border border-brand-200 bg-brand-50/50 p-3.5"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(note);
      }}
    >
      <blockquote className="border-l-2 border-brand-300 pl-2 text-sm text-slate-700 italic">{request.text}</blockquote>
      <label htmlFor={id} className="mt-2 block text-sm font-medium text-slate-800">
        Your note
      </label>
      <Textarea id={id} rows={3} value={note} autoFocus onChange={(event) => setNote(event.target.value)} />
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm" busy={busy}>
          Save note
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function HighlightItem({
  bookId,
  highlight,
  onGoToPage,
}: {
  bookId: string;
  highlight: Highlight;
  onGoToPage: (page: number) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(highlight.note ?? '');
  const update = useUpdateHighlightMutation(bookId);
  const remove = useDeleteHighlightMutation(bookId);
  return (
    <li className={cn('rounded-lg border border-slate-200 p-3', `cw-swatch-${highlight.color}`)}>
      <button
        type="button"
        onClick={() => onGoToPage(highlight.page)}
        className="block w-full text-left text-sm text-slate-800 hover:underline"
      >
        <span className="mr-1 font-semibold text-slate-600 tabular-nums">{`p. ${highlight.page_label}`}</span>
        <span className="italic">{highlight.text}</span>
      </button>
      {editing ? (
        <form
          className="mt-2"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: highlight.id, note: note.trim() || null }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label htmlFor={id} className="sr-only">
            Note
          </label>
          <Textarea id={id} rows={3} value={note} autoFocus onChange={(event) => setNote(event.target.value)} />
          <div className="mt-2 flex gap-2">
            <Button type="submit" size="sm" busy={update.isPending}>
              Save note
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          {highlight.note && <p className="mt-1.5 text-sm whitespace-pre-wrap text-slate-700">{highlight.note}</p>}
          <div className="mt-1.5 flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditing(true)}
              icon={<Pencil className="size-3.5" aria-hidden="true" />}
            >
              {highlight.note ? 'Edit note' : 'Add note'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              busy={remove.isPending}
              onClick={() => remove.mutate(highlight.id)}
              icon={<Trash2 className="size-3.5" aria-hidden="true" />}
              aria-label={`Delete the highlight on p. ${highlight.page_label}`}
            >
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
