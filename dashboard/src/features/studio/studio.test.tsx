import type { Flashcard } from '@chapterwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { book, chapter, testUser } from '../../test/fixtures.js';
import { mockApi, type Route } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';
import { formatInterval } from './intervals.js';
import { submitHint } from './chapter-studio.js';

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
  it('says how many questions are left before a quiz can be submitted', () => {
    expect(submitHint(8, 2)).toBe('Answer all 8 questions to submit: 2 left');
    expect(submitHint(1, 1)).toBe('Answer the question to submit: 1 left');
  });

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
  it('generates cards, keeps quiz answers hidden until submitted and lists past attempts newest first', async () => {
    let generated: Flashcard[] = [];
    const earlier = {
      id: '00000000-0000-4000-8000-0000000000b1',
      quiz_id: '00000000-0000-4000-8000-0000000000a1',
      score: 4,
      total: 5,
      created_at: '2026-11-20T09:30:00.000Z',
    };
    let attempts = [earlier];
    studioApi({
      'GET /api/chapters/c2/quiz/attempts': () => attempts,
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
      'POST /api/quizzes/00000000-0000-4000-8000-0000000000aa/answers': () => {
        attempts = [
          {
            ...earlier,
            id: '00000000-0000-4000-8000-0000000000bb',
            score: 0,
            total: 1,
            created_at: new Date().toISOString(),
          },
          earlier,
        ];
        return gradedAttempt;
      },
    });
    const gradedAttempt = {
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
    };
    const app = renderApp('/chapters/c2', { signedIn: true });
    // Notes, cards and quiz are tabs of the chapter page; the open one is in the URL's hash.
    await app.user.click(await screen.findByRole('tab', { name: 'Cards' }));
    expect(app.router.state.location.hash).toBe('cards');
    await app.user.click(await screen.findByRole('button', { name: 'Generate flashcards' }));
    expect(await screen.findByText('What is photosynthesis?')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Cards (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/· new/).closest('span')).toHaveTextContent('p. 12 · new');
    expect(screen.queryByRole('heading', { name: 'Practice quiz' })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Quiz' }));
    expect(
      within(await screen.findByRole('region', { name: 'Past attempts' })).getByText('4 of 5'),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Start a quiz' }));
    expect(await screen.findByText('1. Which organelle holds chlorophyll?')).toBeInTheDocument();
    expect(screen.queryByText('Correct answer')).not.toBeInTheDocument();
    // A disabled Submit says why.
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toHaveAccessibleDescription(
      'Answer the question to submit: 1 left',
    );
    await app.user.click(screen.getByRole('radio', { name: 'Nucleus' }));
    await app.user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Score: 0 of 1')).toBeInTheDocument();
    expect(screen.getByText('Correct answer')).toBeInTheDocument();
    expect(screen.getByText('Your answer')).toBeInTheDocument();
    expect(screen.getByText('The chloroplast holds the green pigment.')).toBeInTheDocument();
    // The page to re-read opens the reader there, with the source sentence marked.
    expect(screen.getByRole('link', { name: 'Re-read page 12' }).getAttribute('href')).toMatch(
      /^\/books\/b1\/read\?page=\d+&cite=The\+chloroplast\+holds/,
    );
    expect(screen.queryByText(/to submit/)).not.toBeInTheDocument();
    // The new attempt heads the chapter's history.
    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(2));
    const [latest, before] = within(history()).getAllByRole('listitem');
    expect(latest).toHaveTextContent('0 of 1');
    expect(before).toHaveTextContent(/Nov 20, 2026.*4 of 5/);
  });
});

const history = () => screen.getByRole('region', { name: 'Past attempts' });

describe('Summary read', () => {
  // jsdom has no layout: a stand-in observer lets the test say when the end of the notes comes into view.
  function fakeObserver() {
    const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    return {
      scrollIntoView(target: Element) {
        for (const observer of observers.filter((item) => item.targets.includes(target)))
          observer.callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
      },
    };
  }
  const progressRow = (summary_read: boolean) => ({
    chapter_id: '00000000-0000-4000-8000-0000000000c2',
    summary_read,
    cards_total: 0,
    cards_learned: 0,
    cards_due: 0,
    best_quiz_score: null,
    quiz_attempts: 0,
  });

  it("marks the chapter's notes read once their end scrolls into view, and says so", async () => {
    const observer = fakeObserver();
    let read = false;
    const { callsTo } = studioApi({
      'GET /api/chapters/c2': {
        ...memory,
        id: '00000000-0000-4000-8000-0000000000c2',
        summary: 'Memory keeps what we learn (p. 12).',
      },
      'GET /api/chapters/c2/flashcards': [],
      'GET /api/books/b1/study-progress': () => [progressRow(read)],
      'PUT /api/chapters/c2/summary-read': () => {
        read = true;
        return {
          chapter_id: '00000000-0000-4000-8000-0000000000c2',
          summary_read: true,
          read_at: new Date().toISOString(),
        };
      },
    });
    renderApp('/chapters/c2', { signedIn: true });
    expect(await screen.findByText(/Memory keeps what we learn/)).toBeInTheDocument();
    const end = await screen.findByTestId('summary-read');
    await vi.waitFor(() => expect(callsTo('GET /api/books/b1/study-progress').length).toBeGreaterThan(0));
    expect(callsTo('PUT /api/chapters/c2/summary-read')).toHaveLength(0);
    expect(end).not.toHaveTextContent('You have read these notes');

    observer.scrollIntoView(end);
    expect(await screen.findByText(/You have read these notes/)).toBeInTheDocument();
    expect(callsTo('PUT /api/chapters/c2/summary-read').map((call) => call.body)).toEqual([{ read: true }]);
    // Once read, scrolling past the end again sends nothing more.
    observer.scrollIntoView(screen.getByTestId('summary-read'));
    expect(callsTo('PUT /api/chapters/c2/summary-read')).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
