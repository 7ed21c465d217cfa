import type { Readiness } from '@chapterwise/shared';
import { Gauge, Info } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Card } from '../../components/ui/card.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { percent, readinessParts, STATE_LABELS, STATE_TONES } from './exam-labels.js';

/** Readiness as one figure with its three parts, then each chapter's state (its rule on hover or focus). */
export function ReadinessCard({ readiness }: { readiness: Readiness }) {
  const figure = percent(readiness.readiness);
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="readiness-heading">
        <div className="flex items-center gap-2">
          <Gauge className="size-5 text-brand-600" aria-hidden="true" />
          <h2 id="readiness-heading" className="text-lg font-semibold text-slate-900">
            Readiness
          </h2>
        </div>
        <div className="mt-4 flex flex-col gap-5 md:flex-row md:items-start">
          <div className="md:w-48 md:shrink-0">
            <p className="text-slate-900">
              <span className="text-5xl font-bold tracking-tight tabular-nums">{`${figure}%`}</span>
              <span className="ml-2 text-sm text-slate-600">ready</span>
            </p>
            <ProgressBar className="mt-3" value={figure} label="Readiness" tone={figure >= 70 ? 'brand' : 'amber'} />
          </div>
          <dl className="grid flex-1 gap-3 sm:grid-cols-3">
            {readinessParts(readiness.parts).map((part) => (
              <div key={part.label} className="rounded-xl bg-slate-50 px-4 py-3">
                <dt className="text-xs font-medium text-slate-600">{part.label}</dt>
                <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{part.value}</dd>
                {part.detail && <dd className="text-xs text-slate-600">{part.detail}</dd>}
              </div>
            ))}
          </dl>
        </div>
        <p className="mt-3 text-xs leading-5 text-slate-600">{readiness.rule}</p>
      </section>

      <section aria-labelledby="chapter-states-heading" className="mt-6 border-t border-slate-100 pt-5">
        <h3 id="chapter-states-heading" className="text-base font-semibold text-slate-900">
          Chapters
        </h3>
        <ul className="mt-2 divide-y divide-slate-100">
          {readiness.chapters.map((chapter) => (
            <li key={chapter.chapter_id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-slate-900">{chapter.title}</p>
                <p className="text-xs text-slate-600">
                  {[
                    chapter.read ? 'read' : 'not read yet',
                    chapter.cards_total
                      ? `${chapter.cards_total} cards${chapter.recall === null ? '' : `, ${percent(chapter.recall)}% expected recalled`}`
                      : 'no cards yet',
                    chapter.last_practice_score === null
                      ? 'not practised'
                      : `practice ${percent(chapter.last_practice_score)}%`,
                  ].join(' · ')}
                </p>
              </div>
              <Tooltip
                tip={chapter.rule}
                align="end"
                label={`${STATE_LABELS[chapter.state]}: ${chapter.title}`}
                className="inline-flex items-center gap-1"
              >
                <Badge tone={STATE_TONES[chapter.state]}>
                  {STATE_LABELS[chapter.state]}
                  <Info className="size-3.5" aria-hidden="true" />
                </Badge>
              </Tooltip>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
