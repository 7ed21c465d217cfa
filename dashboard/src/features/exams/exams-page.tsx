import type { ExamSummary } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, GraduationCap, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { EmptyState } from '../../components/ui/empty-state.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { DeleteExamDialog } from './delete-exam-dialog.js';
import { countdownLabel, formatExamAt } from './exam-dates.js';
import { percent } from './exam-labels.js';
import { examQueries } from './queries.js';

/** The Exams screen: each exam with its date, the days left and how ready the student is. */
export function ExamsPage() {
  const exams = useQuery(examQueries.list());
  const [toDelete, setToDelete] = useState<Pick<ExamSummary, 'id' | 'name'> | null>(null);
  const upcoming = exams.data?.filter((exam) => !exam.past) ?? [];
  const past = exams.data?.filter((exam) => exam.past) ?? [];

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Exams · ChapterWise</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Exams</h1>
          <p className="mt-1 text-sm text-slate-600">
            A day-by-day plan to each exam date, practice exams, and how ready you are.
          </p>
        </div>
        <Link to="/exams/new" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
          <Plus className="size-5" aria-hidden="true" />
          Plan an exam
        </Link>
      </div>

      <div className="mt-6">
        {exams.isPending ? (
          <PageSpinner label="Loading your exams" />
        ) : exams.isError ? (
          <EmptyState
            icon={<RefreshCw className="size-7" aria-hidden="true" />}
            title="Could not load your exams"
            description="Check your connection and try again."
            action={
              <Button variant="outline" busy={exams.isFetching} onClick={() => void exams.refetch()}>
                Try again
              </Button>
            }
          />
        ) : exams.data.length === 0 ? (
          <EmptyState
            icon={<GraduationCap className="size-7" aria-hidden="true" />}
            title="No exams yet"
            description="Pick the date and the chapters it covers: you get a plan for every day until then."
            action={
              <Link to="/exams/new" className={buttonClasses()}>
                <Plus className="size-4" aria-hidden="true" />
                Plan an exam
              </Link>
            }
          />
        ) : (
          <>
            {upcoming.length > 0 && (
              <section aria-labelledby="upcoming-heading">
                <h2 id="upcoming-heading" className="sr-only">
                  Upcoming exams
                </h2>
                <ul className="grid gap-4">
                  {upcoming.map((exam) => (
                    <ExamRow key={exam.id} exam={exam} onDelete={setToDelete} />
                  ))}
                </ul>
              </section>
            )}
            {past.length > 0 && (
              <section aria-labelledby="past-heading" className="mt-8">
                <h2 id="past-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Past exams
                </h2>
                <ul className="grid gap-4">
                  {past.map((exam) => (
                    <ExamRow key={exam.id} exam={exam} onDelete={setToDelete} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
      <DeleteExamDialog exam={toDelete} onClose={() => setToDelete(null)} />
    </main>
  );
}

function ExamRow({ exam, onDelete }: { exam: ExamSummary; onDelete: (exam: ExamSummary) => void }) {
  const ready = percent(exam.readiness);
  const countdown = countdownLabel(exam.exam_at);
  return (
    <li>
      <Card className="p-5 sm:p-6">
        <article aria-labelledby={`exam-${exam.id}`} className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`exam-${exam.id}`} className="text-lg font-semibold break-words text-slate-900">
                <Link
                  to="/exams/$examId"
                  params={{ examId: exam.id }}
                  className="rounded hover:text-brand-700 hover:underline"
                >
                  {exam.name}
                </Link>
              </h3>
              <Badge tone={exam.past ? 'slate' : exam.days_left <= 3 ? 'yellow' : 'brand'}>{countdown}</Badge>
            </div>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <time dateTime={exam.exam_at}>{formatExamAt(exam.exam_at)}</time>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {`${exam.chapters_read} of ${exam.chapters_total} chapters read · `}
              {exam.last_practice_score === null
                ? 'no practice exam yet'
                : `last practice ${percent(exam.last_practice_score)}%`}
            </p>
          </div>
          <div className="flex items-center gap-4 sm:w-56 sm:flex-col sm:items-stretch sm:gap-2">
            <p className="shrink-0 text-slate-900">
              <span className="text-3xl font-bold tabular-nums">{`${ready}%`}</span>
              <span className="ml-1.5 text-sm text-slate-600">ready</span>
            </p>
            <ProgressBar value={ready} label={`${exam.name}: readiness`} tone={ready >= 70 ? 'brand' : 'amber'} />
          </div>
        </article>
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Link to="/exams/$examId" params={{ examId: exam.id }} className={buttonClasses({ size: 'sm' })}>
            Open plan
          </Link>
          <Link
            to="/exams/$examId/edit"
            params={{ examId: exam.id }}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={`Edit ${exam.name}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Link>
          <Button
            variant="danger"
            size="sm"
            onClick={() => onDelete(exam)}
            aria-label={`Delete ${exam.name}`}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
          >
            Delete
          </Button>
        </div>
      </Card>
    </li>
  );
}
