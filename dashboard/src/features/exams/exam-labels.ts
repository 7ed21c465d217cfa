import type { ChapterExamState, Question, QuestionKind, Readiness } from '@chapterwise/shared';
import type { BadgeTone } from '../../components/ui/badge.js';

export const STATE_LABELS: Record<ChapterExamState, string> = {
  not_started: 'Not started',
  reading: 'Reading',
  practising: 'Practising',
  ready: 'Ready',
};

export const STATE_TONES: Record<ChapterExamState, BadgeTone> = {
  not_started: 'slate',
  reading: 'yellow',
  practising: 'brand',
  ready: 'green',
};

export const KIND_LABELS: Record<QuestionKind, string> = {
  multiple_choice: 'Multiple choice',
  cloze: 'Fill in the blank',
  true_false: 'True or false',
  book_exercise: 'Book exercise',
};

/**
 * A question's explanation as the student sees and edits it. A book exercise read from the book has none of its own:
 * its note only says where the book's answer stands ("The book's answer, p. 236.") or that the book prints none, which
 * the answer the student opens tells with its page link; shown as well, it would give the page away before and repeat
 * it after.
 */
export function explanationShown(question: Question): string {
  return question.kind === 'book_exercise' && question.source === 'book' ? '' : question.explanation;
}

/** A share 0..1 as a whole percentage. */
export function percent(share: number): number {
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

/** "21 of 30 (70%)". */
export function scoreLabel(correct: number, total: number): string {
  return `${correct} of ${total} (${total ? Math.round((correct / total) * 100) : 0}%)`;
}

/** The three parts of the readiness figure, as the screen names them. */
export function readinessParts(parts: Readiness['parts']): { label: string; value: string; detail: string }[] {
  const expected = Math.round(parts.recall * parts.cards_total);
  return [
    {
      label: 'Cards expected recalled at the exam',
      value: parts.cards_total ? `${percent(parts.recall)}%` : '—',
      detail: parts.cards_total
        ? `about ${expected} of ${parts.cards_total} ${parts.cards_total === 1 ? 'card' : 'cards'}`
        : 'no flashcards yet',
    },
    {
      label: 'Chapters read',
      value: `${parts.chapters_read} of ${parts.chapters_total}`,
      detail: parts.chapters_total ? `${percent(parts.chapters_read / parts.chapters_total)}%` : '',
    },
    {
      label: 'Last practice score',
      value: parts.last_practice_score === null ? '—' : `${percent(parts.last_practice_score)}%`,
      detail: parts.last_practice_score === null ? 'no practice exam yet' : 'latest attempt',
    },
  ];
}
