import type { ExamPlan, PlanDay } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, BookOpen, CalendarDays, GraduationCap, History, Repeat } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';
import { formatMinutes, formatPlanDay, todayKey } from './exam-dates.js';

/** "pp. 12–30" for a span of physical pages, or "p. 12". */
export function pagesLabel(start: number, end: number): string {
  return start === end ? `p. ${start}` : `pp. ${start}–${end}`;
}

/** A plan day in words, for its list item's summary: "45 min: reading 2 chapters, 12 reviews, practice". */
export function daySummary(day: PlanDay): string {
  const parts = [
    ...(day.reading.length ? [`reading ${day.reading.length} ${day.reading.length === 1 ? 'part' : 'parts'}`] : []),
    ...(day.reviews ? [`${day.reviews} ${day.reviews === 1 ? 'review' : 'reviews'}`] : []),
    ...(day.practice ? ['practice exam'] : []),
  ];
  return parts.length ? parts.join(', ') : 'rest day';
}

/** The plan, day by day: reading with its minutes, reviews, practice days, and where missed work moved. */
export function PlanDays({ plan, examId }: { plan: ExamPlan; examId: string }) {
  const today = todayKey();
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="plan-heading">
        <div className="flex items-center gap-2">
          <CalendarDays className="size-5 text-brand-600" aria-hidden="true" />
          <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
            Day by day
          </h2>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {`Up to ${formatMinutes(plan.daily_minutes)} a day · ${plan.cards_total} ${plan.cards_total === 1 ? 'card' : 'cards'} to see before the exam`}
        </p>
        {plan.unplanned_reading_minutes > 0 && (
          <p className="mt-3 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {`${formatMinutes(plan.unplanned_reading_minutes)} of reading do not fit before the practice days. Give the exam more time per day to fit them.`}
          </p>
        )}
        {plan.unplanned_reviews > 0 && (
          <p className="mt-3 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {`${plan.unplanned_reviews} ${plan.unplanned_reviews === 1 ? 'review does' : 'reviews do'} not fit in the daily time before the exam. Give the exam more time per day to fit them.`}
          </p>
        )}
        {plan.days.length === 0 ? (
          <p className="mt-4 rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
            No study days are left before the exam.
          </p>
        ) : (
          <ol className="mt-4 space-y-3">
            {plan.days.map((day) => (
              <PlanDayItem key={day.date} day={day} examId={examId} isToday={day.date === today} />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function PlanDayItem({ day, examId, isToday }: { day: PlanDay; examId: string; isToday: boolean }) {
  return (
    <li
      className={cn(
        'rounded-xl border px-4 py-3',
        isToday ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200',
        day.practice && !isToday && 'border-violet-200',
      )}
      aria-current={isToday ? 'date' : undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <time dateTime={day.date}>{formatPlanDay(day.date)}</time>
          {isToday && <Badge tone="brand">Today</Badge>}
        </h3>
        <p className="text-xs text-slate-600">
          <span className="font-medium text-slate-800 tabular-nums">{formatMinutes(day.minutes)}</span>
          {` · ${daySummary(day)}`}
        </p>
      </div>
      {(day.reading.length > 0 || day.reviews > 0 || day.practice) && (
        <ul className="mt-2 space-y-1.5 text-sm">
          {day.reading.map((reading) => (
            <li key={`${reading.chapter_id}-${reading.start_page}`} className="flex items-start gap-2">
              <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span className="min-w-0 break-words text-slate-700">
                <span className="sr-only">Read </span>
                <span className="font-medium text-slate-900">{reading.title}</span>
                {`, ${pagesLabel(reading.start_page, reading.end_page)} · ${formatMinutes(reading.minutes)}`}
                {reading.finishes_chapter ? '' : ' (continues)'}
              </span>
            </li>
          ))}
          {day.reviews > 0 && (
            <li className="flex items-start gap-2">
              <Repeat className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              <span className="text-slate-700">
                {`Review ${day.reviews} ${day.reviews === 1 ? 'card' : 'cards'} · ${formatMinutes(day.review_minutes)}`}
              </span>
            </li>
          )}
          {day.practice && (
            <li className="flex items-start gap-2">
              <GraduationCap className="mt-0.5 size-4 shrink-0 text-violet-600" aria-hidden="true" />
              <span className="text-slate-700">
                {isToday ? (
                  <Link
                    to="/exams/$examId/practice"
                    params={{ examId }}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    Practice exam
                  </Link>
                ) : (
                  'Practice exam'
                )}
                {` · ${formatMinutes(day.practice_minutes)}`}
              </span>
            </li>
          )}
        </ul>
      )}
      {day.note && (
        <p className="mt-2 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
          <History className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {day.note}
        </p>
      )}
    </li>
  );
}
