import {
  EXAM_DAILY_MINUTES_MAX,
  EXAM_DAILY_MINUTES_MIN,
  EXAM_MAX_CHAPTERS,
  EXAM_NAME_MAX_CHARS,
  type Exam,
} from '@chapterwise/shared';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { BookOpen, Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BackLink } from '../../components/back-link.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { EmptyState } from '../../components/ui/empty-state.js';
import { Field, Input, TextField } from '../../components/ui/field.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { bookQueries } from '../books/queries.js';
import { ChapterPicker, type ChosenChapters } from './chapter-picker.js';
import { fromLocalInput, toLocalInput } from './exam-dates.js';
import { useCreateExamMutation, useUpdateExamMutation } from './queries.js';

export interface ExamDraft {
  name: string;
  /** The datetime-local input's value. */
  examAt: string;
  dailyMinutes: string;
  chosen: ChosenChapters;
}

const FIELD_ORDER = ['name', 'examAt', 'dailyMinutes', 'chapters'] as const;
export type ExamDraftErrors = Partial<Record<(typeof FIELD_ORDER)[number], string>>;

/** What is wrong with the form, field by field, before anything is sent (the server checks the same). */
export function examDraftErrors(draft: ExamDraft, now: Date = new Date()): ExamDraftErrors {
  const errors: ExamDraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Give the exam a name.';
  else if (draft.name.trim().length > EXAM_NAME_MAX_CHARS)
    errors.name = `The name can be at most ${EXAM_NAME_MAX_CHARS} characters long.`;
  const examAt = fromLocalInput(draft.examAt);
  if (!examAt) errors.examAt = 'Choose the date and time of the exam.';
  else if (Date.parse(examAt) <= now.getTime()) errors.examAt = 'The exam must be in the future.';
  const minutes = Number(draft.dailyMinutes);
  if (!Number.isInteger(minutes) || minutes < EXAM_DAILY_MINUTES_MIN || minutes > EXAM_DAILY_MINUTES_MAX) {
    errors.dailyMinutes = `Study time is a whole number of minutes from ${EXAM_DAILY_MINUTES_MIN} to ${EXAM_DAILY_MINUTES_MAX}.`;
  }
  if (draft.chosen.size === 0) errors.chapters = 'Choose at least one chapter.';
  else if (draft.chosen.size > EXAM_MAX_CHAPTERS)
    errors.chapters = `An exam covers at most ${EXAM_MAX_CHAPTERS} chapters.`;
  return errors;
}

/** A first guess at the date: two weeks from now at 09:00. */
function twoWeeksAhead(now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 14, 9, 0);
  return toLocalInput(date.toISOString());
}

/** Create an exam (optionally with one book's chapters already ticked), or edit one. */
export function ExamFormPage({ exam, initialBookId }: { exam?: Exam; initialBookId?: string }) {
  const navigate = useNavigate();
  const { data: allBooks } = useSuspenseQuery(bookQueries.list());
  const books = allBooks.filter((book) => book.status === 'completed');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ExamDraft>(() => ({
    name: exam?.name ?? '',
    examAt: exam ? toLocalInput(exam.exam_at) : twoWeeksAhead(),
    dailyMinutes: String(exam?.daily_minutes ?? 60),
    chosen: new Map(
      exam
        ? exam.chapters.map((chapter) => [chapter.chapter_id, chapter.book_id] as const)
        : // The route's loader has fetched the chapters of the book the student came from.
          (initialBookId ? (queryClient.getQueryData(bookQueries.chapters(initialBookId).queryKey) ?? []) : []).map(
            (chapter) => [chapter.id, chapter.book_id] as const,
          ),
    ),
  }));
  const [showErrors, setShowErrors] = useState(false);
  const create = useCreateExamMutation();
  const update = useUpdateExamMutation(exam?.id ?? '');
  const errors = showErrors ? examDraftErrors(draft) : {};
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const problems = examDraftErrors(draft);
    const first = FIELD_ORDER.find((field) => problems[field]);
    if (first) {
      // The first field to fix gets the focus: its message is read out with it.
      const form = event.currentTarget as HTMLFormElement;
      const target = first === 'chapters' ? document.getElementById('exam-chapters') : form.elements.namedItem(first);
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    const body = {
      name: draft.name.trim(),
      exam_at: fromLocalInput(draft.examAt)!,
      daily_minutes: Number(draft.dailyMinutes),
      chapter_ids: [...draft.chosen.keys()],
    };
    const onError = (error: unknown) =>
      toastError(error, exam ? 'Could not save the exam.' : 'Could not create the exam.');
    if (exam) {
      update.mutate(body, {
        onSuccess: () => {
          toast.success('Exam saved: the plan follows');
          void navigate({ to: '/exams/$examId', params: { examId: exam.id } });
        },
        onError,
      });
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          toast.success('Your plan is ready');
          void navigate({ to: '/exams/$examId', params: { examId: created.id } });
        },
        onError,
      });
    }
  };

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${exam ? 'Edit exam' : 'Plan an exam'} · ChapterWise`}</title>
      {exam ? (
        <BackLink to="/exams/$examId" params={{ examId: exam.id }}>
          Back to the exam
        </BackLink>
      ) : (
        <BackLink to="/exams">Back to Exams</BackLink>
      )}
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {exam ? 'Edit exam' : 'Plan an exam'}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {exam
          ? 'Changes move the plan from today on; what you have read and reviewed stays.'
          : 'Its date, the chapters it covers and the time you can give each day: the plan does the rest.'}
      </p>

      {books.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon={<BookOpen className="size-7" aria-hidden="true" />}
            title="No processed books yet"
            description="An exam covers chapters of your books: upload one and plan once it is processed."
            action={
              <Link to="/upload" className={buttonClasses()}>
                Upload Book
              </Link>
            }
          />
        </div>
      ) : (
        <Card className="mt-6 p-5 sm:p-7">
          <form noValidate onSubmit={submit} className="space-y-5" aria-label={exam ? 'Edit exam' : 'New exam'}>
            <TextField
              name="name"
              label="Name"
              placeholder="Biology midterm"
              maxLength={EXAM_NAME_MAX_CHARS}
              value={draft.name}
              error={errors.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Date and time" error={errors.examAt} hint="In your time zone.">
                {(control) => (
                  <Input
                    {...control}
                    name="examAt"
                    type="datetime-local"
                    value={draft.examAt}
                    onChange={(event) => setDraft({ ...draft, examAt: event.target.value })}
                  />
                )}
              </Field>
              <Field
                label="Study time per day (minutes)"
                error={errors.dailyMinutes}
                hint={`Reading, reviews and practice fit in it (${EXAM_DAILY_MINUTES_MIN}–${EXAM_DAILY_MINUTES_MAX}).`}
              >
                {(control) => (
                  <Input
                    {...control}
                    name="dailyMinutes"
                    type="number"
                    inputMode="numeric"
                    min={EXAM_DAILY_MINUTES_MIN}
                    max={EXAM_DAILY_MINUTES_MAX}
                    step={5}
                    value={draft.dailyMinutes}
                    onChange={(event) => setDraft({ ...draft, dailyMinutes: event.target.value })}
                  />
                )}
              </Field>
            </div>
            <div id="exam-chapters" tabIndex={-1}>
              <h2 className="mb-2 text-sm font-medium text-slate-700">Chapters</h2>
              <ChapterPicker
                books={books}
                chosen={draft.chosen}
                onChange={(chosen) => setDraft((current) => ({ ...current, chosen }))}
                initialBookId={initialBookId}
                error={errors.chapters}
              />
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
              <Link
                to={exam ? '/exams/$examId' : '/exams'}
                params={exam ? { examId: exam.id } : {}}
                className={buttonClasses({ variant: 'outline' })}
              >
                Cancel
              </Link>
              <Button type="submit" busy={busy} icon={<Check className="size-4" aria-hidden="true" />}>
                {exam ? 'Save changes' : 'Create plan'}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </main>
  );
}
