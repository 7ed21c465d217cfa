import type { Flashcard } from '@chapterwise/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { book, chapter, testUser } from '../../test/fixtures.js';
import { mockApi, type Route } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';
import { formatInterval } from './intervals.js';

const NOW = Date.now();
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function card(overrides: Partial<Flashcard> = {}): Flashcard {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    book_id: '00000000-0000-4000-8000-0000000000b1',
    chapter_id: '00000000-0000-4000-8000-0000000000c2',
    kind: 'qa',
    front: 'What is photosynthesis?',
    back: 'The process by which plants turn light into food',
    page_label: '12',
    due_at: inMinutes(-5),
    state: 'new',
    interval_days: 0,
    reps: 0,
    manual: false,
    next_due: { again: inMinutes(1), hard: inMinutes(6), good: inMinutes(10), easy: inMinutes(60 * 24 * 8) },
    ...overrides,
  };
}

const memory = chapter({ id: 'c2', chapter_number: 2, title: 'Memory' });

function studioApi(overrides: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/billing/usage': { plan: 'free' },
    'GET /api/chapters/c2': memory,
    'GET /api/chapters/c2/topics': [],
    'GET /api/books/b1': book(),
    'GET /api/books/b1/chapters': [chapter(), memory],
    ...overrides,
  });
}

describe('formatInterval', () => {
  it('reads minutes, hours, days and months', () => {
    expect(formatInterval(inMinutes(10), NOW)).toBe('10m');
    expect(formatInterval(inMinutes(180), NOW)).toBe('3h');
    expect(formatInterval(inMinutes(60 * 24 * 4), NOW)).toBe('4d');
    expect(formatInterval(inMinutes(60 * 24 * 90), NOW)).toBe('3mo');
  });
});

describe('Review session', () => {
  it('flips with Space, shows each rating with its interval and rates with 1-4', async () => {
    const second = card({ id: '00000000-0000-4000-8000-000000000002', front: 'What are stomata?', back: 'Pores' });
    const { calls } = studioApi({
      'GET /api/flashcards/due': { due_count: 2, by_book: { b1: 2 }, cards: [card(), second] },
      'POST /api/flashcards/00000000-0000-4000-8000-000000000001/review': card({ reps: 1, state: 'learning' }),
      'POST /api/flashcards/00000000-0000-4000-8000-000000000002/review': { ...second, reps: 1, state: 'review' },
    });
    const app = renderApp('/review', { signedIn: true });
    expect(await screen.findByText('What is photosynthesis?')).toBeInTheDocument();
    expect(screen.getByText('Card 1 of 2')).toBeInTheDocument();
    // The answer stays hidden until the card is flipped.
    expect(screen.queryByText('The process by which plants turn light into food')).not.toBeInTheDocument();
    await app.user.keyboard(' ');
    expect(screen.getByText('The process by which plants turn light into food')).toBeInTheDocument();
    const ratings = within(screen.getByRole('group', { name: 'How well did you recall it?' }));
    expect(ratings.getByRole('button', { name: /Again/ })).toHaveTextContent('1m · 1');
    expect(ratings.getByRole('button', { name: /Good/ })).toHaveTextContent('10m · 3');
    expect(ratings.getByRole('button', { name: /Easy/ })).toHaveTextContent('8d · 4');
    await app.user.keyboard('3');
    expect(await screen.findByText('What are stomata?')).toBeInTheDocument();
    await app.user.keyboard(' ');
    await app.user.keyboard('4');
    expect(await screen.findByText('Session complete: 2 cards reviewed')).toBeInTheDocument();
    const ratingsSent = calls.filter((call) => call.path.endsWith('/review')).map((call) => call.body);
    expect(ratingsSent).toEqual([{ rating: 'good' }, { rating: 'easy' }]);
  });
});

describe('Chapter studio', () => {
  it('generates cards and keeps quiz answers hidden until submitted', async () => {
    let generated: Flashcard[] = [];
    studioApi({
      'GET /api/chapters/c2/flashcards': () => generated,
      'GET /api/books/b1/study-progress': [],
      'POST /api/chapters/c2/flashcards': () => (generated = [card()]),
      'POST /api/chapters/c2/quiz': {
        id: '00000000-0000-4000-8000-0000000000aa',
        chapter_id: '00000000-0000-4000-8000-0000000000c2',
        questions: [
          {
            id: 'q1',
            prompt: 'Which organelle holds chlorophyll?',
            options: ['Nucleus', 'Chloroplast', 'Ribosome', 'Vacuole'],
            page_label: '12',
          },
        ],
      },
      'POST /api/quizzes/00000000-0000-4000-8000-0000000000aa/answers': {
        attempt_id: '00000000-0000-4000-8000-0000000000bb',
        score: 0,
        total: 1,
        results: [
          {
            question_id: 'q1',
            choice: 0,
            correct: false,
            correct_choice: 1,
            explanation: 'The chloroplast holds the green pigment.',
            page_label: '12',
          },
        ],
      },
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Generate flashcards' }));
    expect(await screen.findByText('What is photosynthesis?')).toBeInTheDocument();
    expect(screen.getByText('p. 12 · new')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Start a quiz' }));
    expect(await screen.findByText('1. Which organelle holds chlorophyll?')).toBeInTheDocument();
    expect(screen.queryByText('Correct answer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    await app.user.click(screen.getByRole('radio', { name: 'Nucleus' }));
    await app.user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Score: 0 of 1')).toBeInTheDocument();
    expect(screen.getByText('Correct answer')).toBeInTheDocument();
    expect(screen.getByText('Your answer')).toBeInTheDocument();
    expect(screen.getByText('The chloroplast holds the green pigment.')).toBeInTheDocument();
    expect(screen.getByText('Re-read page 12')).toBeInTheDocument();
  });
});
