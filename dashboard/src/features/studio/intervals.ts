import type { ReviewRating } from '@chapterwise/shared';

export const RATING_LABELS: Record<ReviewRating, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };

/** "10m", "3h", "4d", "2mo", "1.2y": how long until a card is due again. */
export function formatInterval(dueAt: string, now: number = Date.now()): string {
  const minutes = Math.max(1, Math.round((Date.parse(dueAt) - now) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days}d`;
  if (days < 365) return `${Math.round(days / 30)}mo`;
  return `${(days / 365).toFixed(1)}y`;
}
