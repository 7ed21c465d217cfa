import type { Exam, PracticeExam, PracticeResult } from '@chapterwise/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Flag, GraduationCap, Repeat, RotateCcw, Timer, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BackLink } from '../../components/back-link.js';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { cn } from '../../lib/cn.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { KIND_LABELS, percent, scoreLabel } from './exam-labels.js';
import { formatClock, useCountdown } from './practice-timer.js';
import { examQueries, useAnswerPracticeMutation, useFlagQuestionMutation } from './queries.js';

type Choices = Record<string, number>;

// Answers survive a reload of the tab while the attempt runs (the countdown runs on the server's clock anyway).
const storageKey = (practiceId: string) => `chapterwise.practice.${practiceId}`;
function savedChoices(practiceId: string): Choices {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey(practiceId)) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Choices) : {};
  } catch {
    return {};
  }
}

/** The answers to send: every question answered, in the order asked. */
export function answersOf(practice: Pick<PracticeExam, 'questions'>, choices: Choices) {
  return practice.questions.flatMap((question) =>
    choices[question.id] === undefined ? [] : [{ question_id: question.id, choice: choices[question.id]! }],
  );
}

/** A practice exam: answered against an optional countdown (submitted at zero), then its result. */
export function PracticePage({ practiceId }: { practiceId: string }) {
  const { data: practice } = useSuspenseQuery(examQueries.practice(practiceId));
  const { data: exam } = useSuspenseQuery(examQueries.detail(practice.exam_id));
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`Practice exam · ${exam.name} · ChapterWise`}</title>
      <BackLink to="/exams/$examId" params={{ examId: exam.id }}>
        Back to the exam
      </BackLink>
      <div className="mt-4 flex items-center gap-2">
        <GraduationCap className="size-6 text-brand-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {practice.result ? 'Practice exam result' : 'Practice exam'}
        </h1>
      </div>
      <p className="mt-1 text-sm break-words text-slate-600">
        {`${exam.name} · ${practice.questions.length} questions`}
      </p>
      {practice.result ? (
        <PracticeResultView practice={practice} result={practice.result} exam={exam} />
      ) : (
        <PracticeAnswering practice={practice} exam={exam} />
      )}
    </main>
  );
}

function PracticeAnswering({ practice, exam }: { practice: PracticeExam; exam: Exam }) {
  const [choices, setChoices] = useState<Choices>(() => savedChoices(practice.id));
  const answer = useAnswerPracticeMutation(practice);
  const submitted = useRef(false);
  const titles = chapterTitles(exam);

  useEffect(() => {
    sessionStorage.setItem(storageKey(practice.id), JSON.stringify(choices));
  }, [choices, practice.id]);

  const send = (reason: 'submit' | 'time') => {
    if (submitted.current) return;
    submitted.current = true;
    answer.mutate(
      { answers: answersOf(practice, choices) },
      {
        onSuccess: () => {
          sessionStorage.removeItem(storageKey(practice.id));
          if (reason === 'time') toast.info('Time is up: your answers were submitted.');
        },
        onError: (error) => {
          submitted.current = false;
          toastError(error, 'Could not grade the practice exam. Please try again.');
        },
      },
    );
  };
  const deadline = practice.ends_at ? Date.parse(practice.ends_at) : null;
  const left = useCountdown(deadline, () => send('time'));
  const answered = Object.keys(choices).length;
  const total = practice.questions.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('submit');
  };

  return (
    <form onSubmit={submit} aria-label="Practice exam" className="mt-6">
      <div className="sticky top-16 z-30 -mx-4 mb-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            <span className="font-semibold text-slate-900 tabular-nums">{`${answered} of ${total}`}</span> answered
          </p>
          {left !== null && (
            <p
              role="timer"
              aria-label="Time left"
              className={cn(
                'flex items-center gap-1.5 rounded-lg px-2.5 py-1 text-base font-semibold tabular-nums',
                left <= 60 ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-900',
              )}
            >
              <Timer className="size-4" aria-hidden="true" />
              {formatClock(left)}
            </p>
          )}
        </div>
        <ProgressBar className="mt-2 h-1.5" value={(answered / Math.max(1, total)) * 100} label="Questions answered" />
      </div>
      {/* A screen reader hears the last minute once, not every second. */}
      <p className="sr-only" aria-live="assertive">
        {left !== null && left <= 60 && left > 0 ? 'One minute left' : ''}
      </p>
      <ol className="space-y-4">
        {practice.questions.map((question, number) => (
          <li key={question.id}>
            <Card className="p-4 sm:p-5">
              <fieldset className="min-w-0" disabled={answer.isPending || answer.isSuccess}>
                <legend className="text-[15px] font-medium break-words text-slate-900">
                  <span className="mr-1 text-slate-500 tabular-nums">{`${number + 1}.`}</span>
                  {question.prompt}
                </legend>
                <p className="mt-1 text-xs text-slate-500">{`${KIND_LABELS[question.kind]} · ${titles.get(question.chapter_id) ?? ''}`}</p>
                <div className="mt-3 space-y-2">
                  {question.options.map((option, index) => (
                    <label
                      key={index}
                      className={cn(
                        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                        choices[question.id] === index
                          ? 'border-brand-300 bg-brand-50 text-slate-900'
                          : 'border-slate-200 text-slate-700 hover:bg-slate-50',
                      )}
                    >
                      <input
                        type="radio"
                        name={question.id}
                        className="mt-0.5 size-4 shrink-0 accent-brand-600"
                        checked={choices[question.id] === index}
                        onChange={() => setChoices((current) => ({ ...current, [question.id]: index }))}
                      />
                      <span className="break-words">{option}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" busy={answer.isPending} icon={<Check className="size-5" aria-hidden="true" />}>
          Submit answers
        </Button>
        {answered < total && (
          <p className="text-sm text-slate-600">{`${total - answered} unanswered ${total - answered === 1 ? 'question counts' : 'questions count'} as wrong.`}</p>
        )}
      </div>
    </form>
  );
}

function chapterTitles(exam: Exam): Map<string, string> {
  return new Map(exam.chapters.map((chapter) => [chapter.chapter_id, chapter.title]));
}

function PracticeResultView({
  practice,
  result,
  exam,
}: {
  practice: PracticeExam;
  result: PracticeResult;
  exam: Exam;
}) {
  const questions = new Map(practice.questions.map((question) => [question.id, question]));
  const bookOf = new Map(exam.chapters.map((chapter) => [chapter.chapter_id, chapter.book_id]));
  const wrong = result.results.filter((item) => !item.correct);
  const share = result.total ? result.score / result.total : 0;
  // The result replaces the questions: it is read from its score, at the top, wherever the submit button was.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="mt-6 space-y-6">
      <Card className="p-5 sm:p-7">
        <p role="status" className="text-slate-900">
          <span className="sr-only">Score: </span>
          <span className="text-4xl font-bold tabular-nums">{`${result.score} of ${result.total}`}</span>
          <span className="ml-2 text-lg text-slate-600 tabular-nums">{`${percent(share)}%`}</span>
        </p>
        {result.late && (
          <p className="mt-2 text-sm text-amber-800">Submitted after the time limit: the answers still count.</p>
        )}
        {result.cards_due > 0 && (
          <p className="mt-2 text-sm text-slate-600">
            {`${result.cards_due} ${result.cards_due === 1 ? 'flashcard is' : 'flashcards are'} now due from your wrong answers.`}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/exams/$examId/practice" params={{ examId: exam.id }} className={buttonClasses()}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Retake
          </Link>
          {result.cards_due > 0 &&
            [...new Set(wrong.map((item) => bookOf.get(item.chapter_id)).filter((id) => id !== undefined))].map(
              (bookId) => (
                <Link
                  key={bookId}
                  to="/review"
                  search={{ book: bookId }}
                  className={buttonClasses({ variant: 'outline' })}
                >
                  <Repeat className="size-4" aria-hidden="true" />
                  {exam.chapters.some((chapter) => chapter.book_id !== bookId)
                    ? `Review due cards: ${exam.chapters.find((chapter) => chapter.book_id === bookId)?.book_title ?? ''}`
                    : 'Review due cards'}
                </Link>
              ),
            )}
        </div>
      </Card>

      <Card className="p-5 sm:p-7">
        <section aria-labelledby="by-chapter-heading">
          <h2 id="by-chapter-heading" className="text-lg font-semibold text-slate-900">
            Score by chapter
          </h2>
          <ul className="mt-3 space-y-3">
            {result.chapters.map((chapter) => (
              <li key={chapter.chapter_id}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="min-w-0 break-words text-slate-900">{chapter.title}</span>
                  <span className="font-medium text-slate-700 tabular-nums">
                    {scoreLabel(chapter.correct, chapter.total)}
                  </span>
                </div>
                <ProgressBar
                  className="mt-1.5"
                  value={chapter.total ? (chapter.correct / chapter.total) * 100 : 0}
                  label={`${chapter.title}: score`}
                  tone={chapter.total && chapter.correct / chapter.total >= 0.7 ? 'brand' : 'amber'}
                />
              </li>
            ))}
          </ul>
        </section>
      </Card>

      <section aria-labelledby="wrong-heading">
        <h2 id="wrong-heading" className="text-lg font-semibold text-slate-900">
          {wrong.length ? `Wrong answers (${wrong.length})` : 'Every answer was right'}
        </h2>
        {wrong.length > 0 && (
          <ol className="mt-3 space-y-4">
            {wrong.map((item) => {
              const question = questions.get(item.question_id);
              const bookId = bookOf.get(item.chapter_id);
              return (
                <li key={item.question_id}>
                  <WrongAnswer
                    prompt={question?.prompt ?? ''}
                    options={question?.options ?? []}
                    item={item}
                    bookId={bookId}
                  />
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}

function WrongAnswer({
  prompt,
  options,
  item,
  bookId,
}: {
  prompt: string;
  options: string[];
  item: PracticeResult['results'][number];
  bookId: string | undefined;
}) {
  const flag = useFlagQuestionMutation();
  const [flagged, setFlagged] = useState(false);
  const setFlag = (on: boolean) =>
    flag.mutate(
      { id: item.question_id, body: { flagged: on } },
      {
        onSuccess: () => {
          setFlagged(on);
          toast.success(on ? 'Flagged as wrong: it will not be asked again' : 'Flag taken back');
        },
        onError: (error) => toastError(error, 'Could not flag the question.'),
      },
    );
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-[15px] font-medium break-words text-slate-900">{prompt}</p>
      <dl className="mt-3 space-y-1.5 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Your answer:</dt>
          <dd className="font-medium break-words text-red-700">
            {item.choice === null ? 'Not answered' : (options[item.choice] ?? '')}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Right answer:</dt>
          <dd className="font-medium break-words text-emerald-700">
            {options[item.correct_choice] ?? item.answer_text}
          </dd>
        </div>
      </dl>
      {item.explanation && <p className="mt-2 text-sm break-words text-slate-700">{item.explanation}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {bookId && (
          <Link
            to="/books/$bookId/read"
            params={{ bookId }}
            search={{ page: item.page }}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {`Re-read p. ${item.page_label}`}
          </Link>
        )}
        {flagged ? (
          <>
            <Badge tone="red">Flagged as wrong</Badge>
            <Button
              variant="ghost"
              size="sm"
              busy={flag.isPending}
              onClick={() => setFlag(false)}
              icon={<Undo2 className="size-4" aria-hidden="true" />}
            >
              Undo
            </Button>
          </>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            busy={flag.isPending}
            onClick={() => setFlag(true)}
            icon={<Flag className="size-4" aria-hidden="true" />}
            aria-label={`Flag as wrong: ${prompt}`}
          >
            Flag as wrong
          </Button>
        )}
      </div>
    </Card>
  );
}
