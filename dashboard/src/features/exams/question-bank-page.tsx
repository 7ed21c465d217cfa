import { QUESTION_KINDS, type Chapter, type Question, type QuestionKind } from '@chapterwise/shared';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Eye, Flag, ListChecks, Pencil, Plus, RefreshCw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../components/back-link.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Field, Select } from '../../components/ui/field.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/cn.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { chapterHeading } from '../books/chapter-heading.js';
import { bookQueries } from '../books/queries.js';
import { explanationShown, KIND_LABELS } from './exam-labels.js';
import { examQueries, useFlagQuestionMutation } from './queries.js';
import { QuestionForm } from './question-form.js';

/** The questions grouped under their chapters, in the book's order (the bank answers in that order already). */
export function groupByChapter(
  questions: Question[],
  chapters: Chapter[],
): { chapter: Chapter; questions: Question[] }[] {
  return chapters
    .map((chapter) => ({ chapter, questions: questions.filter((question) => question.chapter_id === chapter.id) }))
    .filter((group) => group.questions.length > 0);
}

/** A book's question bank: by chapter and kind, each question editable or flagged as wrong; new ones added. */
export function QuestionBankPage({ bookId }: { bookId: string }) {
  const { data: book } = useSuspenseQuery(bookQueries.detail(bookId));
  const { data: chapters } = useSuspenseQuery(bookQueries.chapters(bookId));
  const [chapterId, setChapterId] = useState('');
  const [kind, setKind] = useState<QuestionKind | ''>('');
  const [adding, setAdding] = useState(false);
  const bank = useQuery({
    ...examQueries.questions(bookId, { chapter_id: chapterId || undefined, kind: kind || undefined }),
    // Switching a filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
  const groups = bank.data ? groupByChapter(bank.data.questions, chapters) : [];

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`Question bank · ${book.title} · ChapterWise`}</title>
      <BackLink to="/books/$bookId" params={{ bookId }}>
        Back to Book
      </BackLink>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <ListChecks className="size-6 text-brand-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Question bank</h1>
          </div>
          <p className="mt-1 text-sm break-words text-slate-600">{book.title}</p>
          {bank.data && (
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-medium text-slate-900 tabular-nums">{bank.data.total}</span>
              {` ${bank.data.total === 1 ? 'question' : 'questions'} · `}
              <span className={cn('tabular-nums', bank.data.flagged_count > 0 && 'font-medium text-red-700')}>
                {`${bank.data.flagged_count} flagged as wrong`}
              </span>
            </p>
          )}
        </div>
        <Button
          onClick={() => setAdding(true)}
          disabled={adding || chapters.length === 0}
          className="w-full sm:w-auto"
          icon={<Plus className="size-4" aria-hidden="true" />}
        >
          Add question
        </Button>
      </div>

      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Field label="Chapter">
          {(control) => (
            <Select {...control} value={chapterId} onChange={(event) => setChapterId(event.target.value)}>
              <option value="">All chapters</option>
              {chapters.slice(0, PENDING_SHOWN).map((chapter) => (
                <option key={chapter.id} value={chapter.id}>
                  {chapterHeading(chapter)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Kind">
          {(control) => (
            <Select {...control} value={kind} onChange={(event) => setKind(event.target.value as QuestionKind | '')}>
              <option value="">{`All kinds${bank.data ? ` (${totalOf(bank.data.counts)})` : ''}`}</option>
              {QUESTION_KINDS.map((item) => (
                <option key={item} value={item}>
                  {`${KIND_LABELS[item]}${bank.data ? ` (${bank.data.counts[item]})` : ''}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      {adding && (
        <div className="mt-6">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">New question</h2>
          <QuestionForm
            bookId={bookId}
            chapters={chapters}
            initialChapterId={chapterId || undefined}
            onDone={() => setAdding(false)}
          />
        </div>
      )}

      {bank.data && bank.data.pending_chapter_ids.length > 0 && (
        <PendingChapters
          chapters={chapters.filter((chapter) => bank.data.pending_chapter_ids.includes(chapter.id))}
          onBuild={setChapterId}
        />
      )}

      <div className="mt-6" aria-busy={bank.isFetching || undefined}>
        {bank.isPending ? (
          <PageSpinner label="Loading the question bank" />
        ) : bank.isError ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-8 text-center">
            <p className="text-sm font-medium text-slate-900">Could not load the question bank.</p>
            <Button
              variant="outline"
              size="sm"
              busy={bank.isFetching}
              onClick={() => void bank.refetch()}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              Try again
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-600">
            No questions match. Choose another chapter or kind, or add one.
          </p>
        ) : (
          <div className="space-y-8">
            {groups.map((group) => (
              <section key={group.chapter.id} aria-labelledby={`bank-${group.chapter.id}`}>
                <h2
                  id={`bank-${group.chapter.id}`}
                  className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold text-slate-900"
                >
                  <span className="break-words">{chapterHeading(group.chapter)}</span>
                  <span className="text-sm font-normal text-slate-500">{`${group.questions.length} ${group.questions.length === 1 ? 'question' : 'questions'}`}</span>
                </h2>
                <ul className="mt-3 space-y-3">
                  {group.questions.map((question) => (
                    <QuestionItem key={question.id} question={question} chapters={chapters} bookId={bookId} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </main>
  );
}

// A long book lists its first few; the chapter filter reaches the rest.
const PENDING_SHOWN = 6;

/** Chapters whose questions are not made yet: asking for one of them makes its bank. */
function PendingChapters({ chapters, onBuild }: { chapters: Chapter[]; onBuild: (chapterId: string) => void }) {
  return (
    <section aria-labelledby="pending-heading" className="mt-6 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <h2 id="pending-heading" className="text-sm font-semibold text-slate-900">
        {`${chapters.length} ${chapters.length === 1 ? 'chapter has' : 'chapters have'} no questions yet`}
      </h2>
      <p className="mt-0.5 text-xs text-slate-600">
        Questions are made when you open a chapter here or plan an exam with it.
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {chapters.slice(0, PENDING_SHOWN).map((chapter) => (
          <li key={chapter.id}>
            <Button variant="outline" size="sm" onClick={() => onBuild(chapter.id)}>
              {`Make questions: ${chapterHeading(chapter)}`}
            </Button>
          </li>
        ))}
      </ul>
      {chapters.length > PENDING_SHOWN && (
        <p className="mt-2 text-xs text-slate-600">{`And ${chapters.length - PENDING_SHOWN} more: choose one in the chapter list above.`}</p>
      )}
    </section>
  );
}

function totalOf(counts: Record<QuestionKind, number>): number {
  return QUESTION_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
}

function QuestionItem({ question, chapters, bookId }: { question: Question; chapters: Chapter[]; bookId: string }) {
  const [editing, setEditing] = useState(false);
  const flag = useFlagQuestionMutation();
  if (editing) {
    return (
      <li>
        <QuestionForm bookId={bookId} chapters={chapters} question={question} onDone={() => setEditing(false)} />
      </li>
    );
  }
  // A book exercise's answer and its page are told by BookAnswer alone.
  const explanation = explanationShown(question);
  const setFlag = (on: boolean) =>
    flag.mutate(
      { id: question.id, body: { flagged: on } },
      {
        onSuccess: () => toast.success(on ? 'Flagged as wrong: it will not be asked again' : 'Flag taken back'),
        onError: (error) => toastError(error, 'Could not flag the question.'),
      },
    );
  return (
    <li>
      <Card className={cn('p-4 sm:p-5', question.flagged && 'border-red-200 bg-red-50/40')}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{KIND_LABELS[question.kind]}</Badge>
          {question.source === 'student' && <Badge tone="slate">Yours</Badge>}
          {question.source === 'book' && <Badge tone="slate">From the book</Badge>}
          {question.flagged && <Badge tone="red">Flagged as wrong · never asked</Badge>}
        </div>
        <p
          className={cn(
            'mt-2 text-[15px] font-medium break-words text-slate-900',
            // A book exercise's lettered parts stand on lines of their own.
            question.kind === 'book_exercise' && 'whitespace-pre-line',
            question.flagged && 'line-through decoration-red-400/70',
          )}
        >
          {question.prompt}
        </p>
        {question.options.length > 0 ? (
          <ol className="mt-2 space-y-1 text-sm">
            {question.options.map((option, index) => (
              <li
                key={index}
                className={cn(
                  'flex items-start gap-2 rounded-md px-2 py-1 break-words',
                  index === question.answer ? 'bg-emerald-50 font-medium text-emerald-800' : 'text-slate-700',
                )}
              >
                <span className="text-slate-500">{String.fromCharCode(65 + index)}.</span>
                <span className="min-w-0">
                  {option}
                  {index === question.answer && <span className="sr-only"> (right answer)</span>}
                </span>
              </li>
            ))}
          </ol>
        ) : question.kind === 'book_exercise' ? (
          <BookAnswer question={question} bookId={bookId} />
        ) : (
          question.answer_text && (
            <p className="mt-2 text-sm break-words text-slate-700">
              <span className="font-medium text-slate-900">Answer: </span>
              {question.answer_text}
            </p>
          )
        )}
        {explanation && <p className="mt-2 text-sm break-words text-slate-600">{explanation}</p>}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <Link
            to="/books/$bookId/read"
            params={{ bookId }}
            search={{ page: question.page }}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {`p. ${question.page_label}`}
          </Link>
          <span className="flex flex-wrap gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setEditing(true)}
              aria-label={`Edit question: ${question.prompt}`}
              icon={<Pencil className="size-4" aria-hidden="true" />}
            >
              Edit
            </Button>
            {question.flagged ? (
              <Button
                size="sm"
                variant="ghost"
                busy={flag.isPending}
                onClick={() => setFlag(false)}
                aria-label={`Unflag question: ${question.prompt}`}
                icon={<Undo2 className="size-4" aria-hidden="true" />}
              >
                Unflag
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                busy={flag.isPending}
                onClick={() => setFlag(true)}
                aria-label={`Flag as wrong: ${question.prompt}`}
                icon={<Flag className="size-4" aria-hidden="true" />}
              >
                Flag as wrong
              </Button>
            )}
          </span>
        </div>
      </Card>
    </li>
  );
}

/**
 * A book exercise's answer as the book prints it, shown once the student opens it (so they try first), with the page
 * it stands on; an exercise the book gives no answer to says so.
 */
function BookAnswer({ question, bookId }: { question: Question; bookId: string }) {
  const [open, setOpen] = useState(false);
  if (!question.answer_text)
    return <p className="mt-2 text-sm text-slate-600">The book gives no answer to this exercise.</p>;
  if (!open)
    return (
      <Button
        size="sm"
        variant="ghost"
        className="mt-2"
        onClick={() => setOpen(true)}
        aria-label={`Show the book's answer: ${question.prompt}`}
        icon={<Eye className="size-4" aria-hidden="true" />}
      >
        Show the book&apos;s answer
      </Button>
    );
  return (
    <div className="mt-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">Book&apos;s answer</span>
        {question.answer_page !== null && question.answer_page_label !== null && (
          <Link
            to="/books/$bookId/read"
            params={{ bookId }}
            search={{ page: question.answer_page }}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {`p. ${question.answer_page_label}`}
          </Link>
        )}
      </p>
      <p className="mt-1 break-words whitespace-pre-line">{question.answer_text}</p>
    </div>
  );
}
