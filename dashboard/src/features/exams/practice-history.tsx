import type { PracticeAttempt } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { once } from '../../lib/once.js';
import { formatClock } from './practice-timer.js';
import { percent } from './exam-labels.js';

const attemptDate = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }));

/** The exam's practice attempts, newest first: score, per chapter on the line below, and a link to the result. */
export function PracticeHistory({
  attempts,
  headingLevel = 'h2',
}: {
  attempts: PracticeAttempt[];
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <section aria-labelledby="practice-history-heading">
      <Heading id="practice-history-heading" className="text-lg font-semibold text-slate-900">
        Practice history
      </Heading>
      {attempts.length === 0 ? (
        <p className="mt-2 rounded-xl border-2 border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
          No practice exams yet. The last days before the exam are kept for them.
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {attempts.map((attempt) => (
            <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0">
                <Link
                  to="/practice/$practiceId"
                  params={{ practiceId: attempt.id }}
                  className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  <time dateTime={attempt.created_at}>{attemptDate().format(new Date(attempt.created_at))}</time>
                </Link>
                <p className="text-xs text-slate-600">
                  {`${attempt.questions} questions${attempt.time_limit_s ? ` · ${formatClock(attempt.time_limit_s)} limit` : ''}`}
                  {attempt.score !== null && attempt.chapters.length > 1
                    ? ` · ${attempt.chapters.map((chapter) => `${chapter.title} ${chapter.correct}/${chapter.total}`).join(', ')}`
                    : ''}
                </p>
              </div>
              <p className="text-sm font-semibold text-slate-900 tabular-nums">
                {attempt.score === null
                  ? 'Not submitted'
                  : `${attempt.score} of ${attempt.total} · ${percent(attempt.total ? attempt.score / attempt.total : 0)}%`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
