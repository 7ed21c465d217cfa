import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarClock, CalendarPlus, GraduationCap, ListChecks, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { BackLink } from '../../components/back-link.js';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { DeleteExamDialog } from './delete-exam-dialog.js';
import { countdownLabel, formatExamAt } from './exam-dates.js';
import { PlanDays } from './plan-days.js';
import { PracticeHistory } from './practice-history.js';
import { examQueries, useDownloadCalendarMutation } from './queries.js';
import { ReadinessCard } from './readiness-card.js';

/** One exam: readiness with its parts and chapter states, the day-by-day plan, the calendar file and practice. */
export function ExamPage({ examId }: { examId: string }) {
  const navigate = useNavigate();
  const { data: exam } = useSuspenseQuery(examQueries.detail(examId));
  const plan = useQuery(examQueries.plan(examId));
  const readiness = useQuery(examQueries.readiness(examId));
  const history = useQuery(examQueries.practiceHistory(examId));
  const calendar = useDownloadCalendarMutation(exam);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const countdown = countdownLabel(exam.exam_at);
  const past = countdown === 'Passed';
  const books = [...new Map(exam.chapters.map((chapter) => [chapter.book_id, chapter.book_title])).entries()];

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${exam.name} · ChapterWise`}</title>
      <BackLink to="/exams">Back to Exams</BackLink>

      <div className="mt-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{exam.name}</h1>
            <Badge tone={past ? 'slate' : exam.days_left <= 3 ? 'yellow' : 'brand'}>{countdown}</Badge>
          </div>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <time dateTime={exam.exam_at}>{formatExamAt(exam.exam_at)}</time>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {`${exam.chapters.length} ${exam.chapters.length === 1 ? 'chapter' : 'chapters'} from `}
            {books.map(([bookId, title], index) => (
              <span key={bookId}>
                {index > 0 && ', '}
                <Link
                  to="/books/$bookId"
                  params={{ bookId }}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {title}
                </Link>
              </span>
            ))}
          </p>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            to="/exams/$examId/practice"
            params={{ examId }}
            className={buttonClasses({ className: 'max-sm:w-full' })}
          >
            <GraduationCap className="size-4" aria-hidden="true" />
            Practice exam
          </Link>
          <Button
            variant="outline"
            className="max-sm:w-full"
            busy={calendar.isPending}
            onClick={() =>
              calendar.mutate(undefined, {
                onSuccess: () => toast.success('Calendar downloaded: open it to add the plan to your calendar'),
                onError: (error) => toastError(error, 'Could not download the calendar.'),
              })
            }
            icon={<CalendarPlus className="size-4" aria-hidden="true" />}
          >
            Download calendar (.ics)
          </Button>
          <Link
            to="/exams/$examId/edit"
            params={{ examId }}
            className={buttonClasses({ variant: 'outline', className: 'max-sm:flex-1' })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Link>
          <Button
            variant="danger"
            className="max-sm:flex-1"
            onClick={() => setConfirmDelete(true)}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
          >
            Delete
          </Button>
        </div>
      </div>

      <div className="mt-6 space-y-6">
        <Loaded
          query={readiness}
          label="Loading readiness"
          retryLabel="Reload readiness"
          failure="Could not load readiness."
        >
          {(data) => <ReadinessCard readiness={data} />}
        </Loaded>
        <Loaded query={plan} label="Loading the plan" retryLabel="Reload the plan" failure="Could not load the plan.">
          {(data) => <PlanDays plan={data} examId={examId} />}
        </Loaded>
        <Card className="p-5 sm:p-7">
          <Loaded
            query={history}
            label="Loading practice history"
            retryLabel="Reload practice history"
            failure="Could not load the practice history."
          >
            {(attempts) => <PracticeHistory attempts={attempts} />}
          </Loaded>
          <div className="mt-4 flex flex-wrap gap-2">
            {books.map(([bookId, title]) => (
              <Link
                key={bookId}
                to="/books/$bookId/questions"
                params={{ bookId }}
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              >
                <ListChecks className="size-4" aria-hidden="true" />
                {books.length > 1 ? `Question bank: ${title}` : 'Question bank'}
              </Link>
            ))}
          </div>
        </Card>
      </div>
      <DeleteExamDialog
        exam={confirmDelete ? exam : null}
        onClose={() => setConfirmDelete(false)}
        onDeleted={() => void navigate({ to: '/exams' })}
      />
    </main>
  );
}

/** A section that loads on its own: a skeleton, its data, or a retry. */
function Loaded<T>({
  query,
  label,
  retryLabel,
  failure,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  label: string;
  retryLabel: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={label} className="space-y-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-8 text-center">
        <p className="text-sm font-medium text-slate-900">{failure}</p>
        <Button
          variant="outline"
          size="sm"
          busy={query.isFetching}
          aria-label={retryLabel}
          onClick={() => void query.refetch()}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
