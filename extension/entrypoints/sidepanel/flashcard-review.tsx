import { REVIEW_RATINGS, type Flashcard, type ReviewRating } from '@chapterwise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { uiErrorOf, unwrap } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { sendMessage } from '@/utils/messaging.js';

const LABELS: Record<ReviewRating, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };

export const flashcardQueries = {
  due: (bookId: string) =>
    queryOptions({
      queryKey: ['flashcards', 'due', bookId],
      queryFn: () => unwrap(sendMessage('dueFlashcards', bookId)),
    }),
};

/** "10m", "3h", "4d", "2mo": when a rating makes the card due again. */
export function intervalLabel(dueAt: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.round((Date.parse(dueAt) - now) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(hours / 24);
  return days < 31 ? `${days}d` : `${Math.round(days / 30)}mo`;
}

/** `startNow` begins the session as soon as the due cards arrive (Today's "Start reviews" is the one click). */
export function FlashcardReview({ bookId, startNow = false }: { bookId: string; startNow?: boolean }) {
  const queryClient = useQueryClient();
  const due = useQuery(flashcardQueries.due(bookId));
  const [session, setSession] = useState<Flashcard[] | null>(null);
  const [started, setStarted] = useState(false);
  if (startNow && !started && due.data && due.data.due_count > 0) {
    setStarted(true);
    setSession(due.data.cards);
  }
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const review = useMutation({
    mutationFn: (rating: ReviewRating) => unwrap(sendMessage('reviewFlashcard', { id: session![index]!.id, rating })),
    onSuccess: () => {
      setFlipped(false);
      setIndex((current) => current + 1);
    },
  });
  const card = session?.[index];

  useEffect(() => {
    if (!card) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.key === ' ' && !flipped) {
        event.preventDefault();
        setFlipped(true);
      }
      const rating = REVIEW_RATINGS[Number(event.key) - 1];
      if (rating && flipped && !review.isPending) {
        event.preventDefault();
        review.mutate(rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (due.isPending || due.isError || (!session && due.data.due_count === 0)) {
    return due.isError ? <ErrorNotice error={uiErrorOf(due.error, 'Could not load your due cards.')} /> : null;
  }
  if (!session) {
    return (
      <section className="stack" aria-labelledby="review-title">
        <h3 id="review-title">Flashcards</h3>
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            setSession(due.data.cards);
            setIndex(0);
          }}
        >
          {`Review ${due.data.due_count} due card${due.data.due_count === 1 ? '' : 's'}`}
        </button>
      </section>
    );
  }
  if (!card) {
    return (
      <section className="stack" aria-labelledby="review-title">
        <h3 id="review-title">Flashcards</h3>
        <p className="notice notice-success" role="status">{`Session complete: ${session.length} cards reviewed`}</p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSession(null);
            void queryClient.invalidateQueries({ queryKey: ['flashcards', 'due', bookId] });
          }}
        >
          Done
        </button>
      </section>
    );
  }
  return (
    <section className="stack" aria-labelledby="review-title">
      <h3 id="review-title">Flashcards</h3>
      <p
        className="muted small"
        aria-live="polite"
      >{`Card ${index + 1} of ${session.length} · Space shows the answer, 1-4 rate`}</p>
      <div className="flashcard stack-tight" aria-live="polite">
        <span className="muted small">{card.kind === 'cloze' ? 'Fill in the blank' : 'Question'}</span>
        <p>{card.front}</p>
        {flipped && (
          <>
            <p>
              <strong>{card.back}</strong>
            </p>
            <span className="muted small">{`Page ${card.page_label}`}</span>
          </>
        )}
      </div>
      {flipped ? (
        <div className="row" role="group" aria-label="How well did you recall it?">
          {REVIEW_RATINGS.map((rating, i) => (
            <button
              key={rating}
              type="button"
              className="rating-button"
              disabled={review.isPending}
              onClick={() => review.mutate(rating)}
              aria-keyshortcuts={String(i + 1)}
            >
              {`${LABELS[rating]} ${intervalLabel(card.next_due[rating])}`}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className="button-primary" onClick={() => setFlipped(true)}>
          Show answer
        </button>
      )}
      {review.isError && (
        <ErrorNotice error={uiErrorOf(review.error, 'Could not save your rating. Please try again.')} />
      )}
    </section>
  );
}
