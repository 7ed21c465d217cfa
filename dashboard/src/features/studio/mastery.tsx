import type { ChapterProgress } from '@chapterwise/shared';

/** A small mastery indicator for a chapter: summary read, cards learned of total, due, best quiz score. */
export function MasteryIndicator({ progress }: { progress: ChapterProgress | undefined }) {
  if (!progress) return null;
  const learned = progress.cards_total ? progress.cards_learned / progress.cards_total : 0;
  const quiz = progress.best_quiz_score ?? 0;
  // Equal parts: the summary, the cards learned, the best quiz.
  const mastery = Math.round(((progress.summary_read ? 1 : 0) + learned + quiz) * (100 / 3));
  const parts = [
    progress.summary_read ? 'summary read' : 'summary not read',
    progress.cards_total ? `${progress.cards_learned}/${progress.cards_total} cards learned` : 'no cards yet',
    ...(progress.cards_due ? [`${progress.cards_due} due`] : []),
    progress.best_quiz_score === null
      ? 'no quiz yet'
      : `best quiz ${Math.round(quiz * 100)}% of ${progress.quiz_attempts} ${progress.quiz_attempts === 1 ? 'attempt' : 'attempts'}`,
  ];
  return (
    <span className="inline-flex items-center gap-2 text-xs text-slate-600" title={parts.join(', ')}>
      <span
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={mastery}
        aria-label="Mastery"
        className="h-1.5 w-14 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${mastery}%` }} />
      </span>
      <span>{parts.join(' · ')}</span>
    </span>
  );
}
