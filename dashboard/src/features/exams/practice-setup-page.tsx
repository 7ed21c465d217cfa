import {
  PRACTICE_QUESTIONS_MAX,
  PRACTICE_QUESTIONS_MIN,
  PRACTICE_TIME_LIMIT_MAX_S,
  PRACTICE_TIME_LIMIT_MIN_S,
  type CreatePracticeRequest,
  type Exam,
} from '@chapterwise/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { GraduationCap, Timer } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BackLink } from '../../components/back-link.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Field, Input } from '../../components/ui/field.js';
import { toastError } from '../../lib/errors.js';
import { PracticeHistory } from './practice-history.js';
import { examQueries, useCreatePracticeMutation } from './queries.js';

export interface PracticeDraft {
  questions: string;
  timed: boolean;
  minutes: string;
  /** Chapters to ask; all of the exam's when every one is ticked. */
  chapterIds: ReadonlySet<string>;
}

/** The request a practice form makes, or the first problem with it. */
export function practiceRequest(
  draft: PracticeDraft,
  exam: Pick<Exam, 'chapter_ids'>,
): { body: CreatePracticeRequest } | { problem: string; field: 'questions' | 'minutes' | 'chapters' } {
  const questions = Number(draft.questions);
  if (!Number.isInteger(questions) || questions < PRACTICE_QUESTIONS_MIN || questions > PRACTICE_QUESTIONS_MAX) {
    return {
      problem: `Choose from ${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX} questions.`,
      field: 'questions',
    };
  }
  const body: CreatePracticeRequest = { questions };
  if (draft.timed) {
    const seconds = Math.round(Number(draft.minutes) * 60);
    if (!Number.isFinite(seconds) || seconds < PRACTICE_TIME_LIMIT_MIN_S || seconds > PRACTICE_TIME_LIMIT_MAX_S) {
      return {
        problem: `The time limit is from ${PRACTICE_TIME_LIMIT_MIN_S / 60} to ${PRACTICE_TIME_LIMIT_MAX_S / 60} minutes.`,
        field: 'minutes',
      };
    }
    body.time_limit_s = seconds;
  }
  if (draft.chapterIds.size === 0) return { problem: 'Choose at least one chapter.', field: 'chapters' };
  // Every chapter is the exam itself: the request leaves the list out.
  if (draft.chapterIds.size < exam.chapter_ids.length) {
    body.chapter_ids = exam.chapter_ids.filter((id) => draft.chapterIds.has(id));
  }
  return { body };
}

/** Set up a practice exam: how many questions, a time limit or none, and which of the exam's chapters. */
export function PracticeSetupPage({ examId }: { examId: string }) {
  const navigate = useNavigate();
  const { data: exam } = useSuspenseQuery(examQueries.detail(examId));
  const history = useQuery(examQueries.practiceHistory(examId));
  const create = useCreatePracticeMutation(examId);
  const [draft, setDraft] = useState<PracticeDraft>(() => ({
    questions: '30',
    timed: false,
    minutes: '30',
    chapterIds: new Set(exam.chapter_ids),
  }));
  const [problem, setProblem] = useState<{ problem: string; field: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = practiceRequest(draft, exam);
    if ('problem' in request) {
      setProblem(request);
      return;
    }
    setProblem(null);
    create.mutate(request.body, {
      onSuccess: (practice) => void navigate({ to: '/practice/$practiceId', params: { practiceId: practice.id } }),
      onError: (error) => toastError(error, 'Could not make a practice exam. Please try again.'),
    });
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.problem : null);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(draft.chapterIds);
    if (on) next.add(id);
    else next.delete(id);
    setDraft({ ...draft, chapterIds: next });
  };

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`Practice exam · ${exam.name} · ChapterWise`}</title>
      <BackLink to="/exams/$examId" params={{ examId }}>
        Back to the exam
      </BackLink>
      <div className="mt-4 flex items-center gap-2">
        <GraduationCap className="size-6 text-brand-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Practice exam</h1>
      </div>
      <p className="mt-1 text-sm break-words text-slate-600">
        {`For ${exam.name}. Questions are mixed across the chapters by their length; a retake asks ones you have not seen lately.`}
      </p>

      <Card className="mt-6 p-5 sm:p-7">
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Practice exam settings">
          <Field
            label="Number of questions"
            hint={`${PRACTICE_QUESTIONS_MIN} to ${PRACTICE_QUESTIONS_MAX}.`}
            error={errorOf('questions')}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={PRACTICE_QUESTIONS_MIN}
                max={PRACTICE_QUESTIONS_MAX}
                className="max-w-40"
                value={draft.questions}
                onChange={(event) => setDraft({ ...draft, questions: event.target.value })}
              />
            )}
          </Field>
          <div className="space-y-3">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={draft.timed}
                onChange={(event) => setDraft({ ...draft, timed: event.target.checked })}
              />
              <Timer className="size-4 text-slate-500" aria-hidden="true" />
              Time limit
            </label>
            {draft.timed && (
              <Field
                label="Minutes"
                hint="A countdown shows while you answer; at zero your answers are submitted."
                error={errorOf('minutes')}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={PRACTICE_TIME_LIMIT_MIN_S / 60}
                    max={PRACTICE_TIME_LIMIT_MAX_S / 60}
                    className="max-w-40"
                    value={draft.minutes}
                    onChange={(event) => setDraft({ ...draft, minutes: event.target.value })}
                  />
                )}
              </Field>
            )}
          </div>
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-700">Chapters</legend>
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {exam.chapters.map((chapter) => (
                <li key={chapter.chapter_id}>
                  <label className="flex min-h-11 cursor-pointer items-start gap-3 px-3 py-2.5">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-brand-600"
                      checked={draft.chapterIds.has(chapter.chapter_id)}
                      onChange={(event) => toggle(chapter.chapter_id, event.target.checked)}
                    />
                    <span className="min-w-0">
                      <span className="block text-sm break-words text-slate-900">{chapter.title}</span>
                      <span className="block text-xs text-slate-500">{`${chapter.book_title} · ${chapter.pages} pages`}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {errorOf('chapters') && (
              <p role="alert" className="mt-1.5 text-sm font-medium text-red-600">
                {errorOf('chapters')}
              </p>
            )}
          </fieldset>
          <div className="border-t border-slate-100 pt-5">
            <Button type="submit" size="lg" className="w-full sm:w-auto" busy={create.isPending}>
              Start practice exam
            </Button>
          </div>
        </form>
      </Card>

      <div className="mt-8">{history.data && <PracticeHistory attempts={history.data} />}</div>
    </main>
  );
}
