import type { Today } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BookOpen, CalendarCheck, GraduationCap, History, Plus, RefreshCw, Repeat } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { EmptyState } from '../../components/ui/empty-state.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { once } from '../../lib/once.js';
import { bookQueries } from '../books/queries.js';
import { countdownLabel, formatMinutes } from './exam-dates.js';
import { pagesLabel } from './plan-days.js';
import { examQueries } from './queries.js';

const longDate = once(() => new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long' }));

/** Today's work across every upcoming exam: each reading and each book's reviews one click from starting. */
export function TodayPage() {
  const today = useQuery(examQueries.today());
  const books = useQuery(bookQueries.list());
  const titleOf = (bookId: string) => books.data?.find((book) => book.id === bookId)?.title;
  const minutes = today.data?.exams.reduce((sum, exam) => sum + (exam.day?.minutes ?? 0), 0) ?? 0;

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Today · ChapterWise</title>
      <p className="text-sm font-medium text-brand-600">{longDate().format(new Date())}</p>
      <h1 className="mt-0.5 text-3xl font-bold tracking-tight text-slate-900">Today</h1>
      {today.data && today.data.exams.length > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          {minutes ? `${formatMinutes(minutes)} of study planned today.` : 'Nothing left to plan for today.'}
        </p>
      )}
      <div className="mt-6">
        {today.isPending ? (
          <PageSpinner label="Loading today's plan" />
        ) : today.isError ? (
          <EmptyState
            icon={<RefreshCw className="size-7" aria-hidden="true" />}
            title="Could not load today's plan"
            description="Check your connection and try again."
            action={
              <Button variant="outline" busy={today.isFetching} onClick={() => void today.refetch()}>
                Try again
              </Button>
            }
          />
        ) : today.data.exams.length === 0 ? (
          <EmptyState
            icon={<CalendarCheck className="size-7" aria-hidden="true" />}
            title="No upcoming exams"
            description="Plan an exam and each day shows here what to read and review."
            action={
              <Link to="/exams/new" className={buttonClasses()}>
                <Plus className="size-4" aria-hidden="true" />
                Plan an exam
              </Link>
            }
          />
        ) : (
          <ul className="space-y-4">
            {today.data.exams.map((exam) => (
              <li key={exam.exam_id}>
                <TodayExam exam={exam} titleOf={titleOf} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

function TodayExam({
  exam,
  titleOf,
}: {
  exam: Today['exams'][number];
  titleOf: (bookId: string) => string | undefined;
}) {
  const { day } = exam;
  const books = day?.review_books ?? [];
  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={`today-${exam.exam_id}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`today-${exam.exam_id}`} className="text-lg font-semibold break-words text-slate-900">
            <Link
              to="/exams/$examId"
              params={{ examId: exam.exam_id }}
              className="rounded hover:text-brand-700 hover:underline"
            >
              {exam.name}
            </Link>
          </h2>
          <div className="flex items-center gap-2">
            {day && <span className="text-sm text-slate-600 tabular-nums">{formatMinutes(day.minutes)}</span>}
            <Badge tone={exam.days_left <= 3 ? 'yellow' : 'brand'}>{countdownLabel(exam.exam_at)}</Badge>
          </div>
        </div>
        {!day ? (
          <p className="mt-3 text-sm text-slate-600">
            {exam.days_left <= 0 ? 'The exam is today. Good luck!' : 'Nothing is planned for today.'}
          </p>
        ) : day.reading.length === 0 && day.reviews === 0 && !day.practice ? (
          <p className="mt-3 text-sm text-slate-600">A rest day: nothing is planned.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {day.reading.map((reading) => (
              <li
                key={`${reading.chapter_id}-${reading.start_page}`}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-start gap-2.5">
                  <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="text-sm font-medium break-words text-slate-900">{reading.title}</p>
                    <p className="text-xs text-slate-600">
                      {`${pagesLabel(reading.start_page, reading.end_page)} · ${formatMinutes(reading.minutes)}${reading.finishes_chapter ? '' : ' · continues tomorrow'}`}
                    </p>
                  </div>
                </div>
                <Link
                  to="/books/$bookId/read"
                  params={{ bookId: reading.book_id }}
                  search={{ page: reading.start_page }}
                  className={buttonClasses({ size: 'sm', className: 'max-sm:w-full' })}
                  aria-label={`Start reading ${reading.title}`}
                >
                  Start reading
                </Link>
              </li>
            ))}
            {books.map((book) => (
              <li
                key={book.book_id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-start gap-2.5">
                  <Repeat className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">
                      {`Review ${book.count} ${book.count === 1 ? 'card' : 'cards'}`}
                    </p>
                    <p className="text-xs break-words text-slate-600">{titleOf(book.book_id) ?? 'Flashcards'}</p>
                  </div>
                </div>
                <Link
                  to="/review"
                  search={{ book: book.book_id }}
                  className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'max-sm:w-full' })}
                  aria-label={`Start reviews${titleOf(book.book_id) ? ` of ${titleOf(book.book_id)}` : ''}`}
                >
                  Start reviews
                </Link>
              </li>
            ))}
            {day.practice && (
              <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex items-start gap-2.5">
                  <GraduationCap className="mt-0.5 size-4 shrink-0 text-violet-600" aria-hidden="true" />
                  <div>
                    <p className="text-sm font-medium text-slate-900">Practice exam</p>
                    <p className="text-xs text-slate-600">{formatMinutes(day.practice_minutes)}</p>
                  </div>
                </div>
                <Link
                  to="/exams/$examId/practice"
                  params={{ examId: exam.exam_id }}
                  className={buttonClasses({ variant: 'outline', size: 'sm', className: 'max-sm:w-full' })}
                >
                  Start practice
                </Link>
              </li>
            )}
          </ul>
        )}
        {day?.note && (
          <p className="mt-3 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <History className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {day.note}
          </p>
        )}
      </article>
    </Card>
  );
}
