import { REVIEW_RATINGS, type Flashcard, type ReviewRating } from '@chapterwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { toastError } from '../../lib/errors.js';
import { formatInterval, RATING_LABELS } from './intervals.js';
import { studioKeys, useReviewMutation } from './queries.js';

const RATING_STYLES: Record<ReviewRating, string> = {
  again: 'border-red-200 text-red-700 hover:bg-red-50',
  hard: 'border-amber-200 text-amber-800 hover:bg-amber-50',
  good: 'border-emerald-200 text-emerald-800 hover:bg-emerald-50',
  easy: 'border-sky-200 text-sky-800 hover:bg-sky-50',
};

/**
 * A review session over a fixed queue: the front first, Space (or the button) shows the answer, then
 * 1-4 (or the buttons, each showing when the card would come back) rate it and the next card follows.
 */
export function ReviewSession({ cards }: { cards: Flashcard[] }) {
  const queryClient = useQueryClient();
  const [queue] = useState(cards);
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const review = useReviewMutation();
  const card = queue[index];

  const rate = (rating: ReviewRating) => {
    if (!card || !flipped || review.isPending) return;
    review.mutate(
      { id: card.id, rating },
      {
        onSuccess: () => {
          setFlipped(false);
          setIndex((current) => current + 1);
        },
        onError: (error) => toastError(error, 'Could not save your rating. Please try again.'),
      },
    );
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.key === ' ' && !flipped) {
        event.preventDefault();
        setFlipped(true);
        return;
      }
      const rating = REVIEW_RATINGS[Number(event.key) - 1];
      if (rating && flipped) {
        event.preventDefault();
        rate(rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // The queue and counts are stale once the session ends.
  const finished = index >= queue.length;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: studioKeys.all });
  }, [finished, queryClient]);

  if (!card) {
    return (
      <Card className="p-8 text-center" role="status">
        <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold text-slate-900">
          {queue.length ? `Session complete: ${queue.length} cards reviewed` : 'No cards are due. Well done!'}
        </p>
        <p className="mt-1 text-sm text-slate-600">Cards come back when they are due again.</p>
      </Card>
    );
  }

  return (
    <div>
      <p className="text-sm text-slate-600" aria-live="polite">{`Card ${index + 1} of ${queue.length}`}</p>
      <Card className="mt-2 p-6 sm:p-8" aria-live="polite">
        <p className="text-xs font-medium tracking-wide text-brand-600 uppercase">
          {card.kind === 'cloze' ? 'Fill in the blank' : 'Question'}
        </p>
        <p className="mt-2 text-lg break-words text-slate-900 sm:text-xl">{card.front}</p>
        {flipped && (
          <div className="mt-5 border-t border-slate-100 pt-5">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Answer</p>
            <p className="mt-2 text-lg font-medium break-words text-slate-900">{card.back}</p>
            <p className="mt-2 text-sm text-slate-500">{`Page ${card.page_label}`}</p>
          </div>
        )}
      </Card>
      {flipped ? (
        <div
          className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4"
          role="group"
          aria-label="How well did you recall it?"
        >
          {REVIEW_RATINGS.map((rating, i) => (
            <Button
              key={rating}
              variant="outline"
              className={`h-auto flex-col py-2 ${RATING_STYLES[rating]}`}
              disabled={review.isPending}
              onClick={() => rate(rating)}
              aria-keyshortcuts={String(i + 1)}
            >
              <span className="text-base font-semibold">{RATING_LABELS[rating]}</span>
              <span className="text-xs opacity-80">{`${formatInterval(card.next_due[rating])} · ${i + 1}`}</span>
            </Button>
          ))}
        </div>
      ) : (
        <Button className="mt-4 w-full sm:w-auto" onClick={() => setFlipped(true)} aria-keyshortcuts="Space">
          Show answer (Space)
        </Button>
      )}
    </div>
  );
}
