// @vitest-environment jsdom
import type { BookListItem, PlanDay, Today } from '@chapterwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onMessage, removeAllListeners, type CitationRequest } from '@/utils/messaging.js';
import { FlashcardReview } from './flashcard-review.js';
import { daysLeftLabel, minutesLabel, TodaySection } from './today-section.js';

const BOOK = '0b000000-0000-4000-8000-000000000001';
const EXAM = '0e000000-0000-4000-8000-000000000001';
const book: BookListItem = {
  id: BOOK,
  title: 'A Short Guide to the Living Earth',
  status: 'completed',
  total_pages: 9,
  progress: 100,
  status_detail: null,
  created_at: '2030-06-01T10:00:00.000Z',
};

function day(overrides: Partial<PlanDay> = {}): PlanDay {
  return {
    date: '2030-06-04',
    minutes: 33,
    reading: [
      {
        chapter_id: '0c000000-0000-4000-8000-000000000002',
        book_id: BOOK,
        title: 'How Plants Make Food',
        minutes: 9,
        start_page: 4,
        end_page: 6,
        finishes_chapter: true,
      },
    ],
    reviews: 12,
    review_minutes: 12,
    review_books: [{ book_id: BOOK, count: 12 }],
    practice: false,
    practice_minutes: 0,
    moved_from: ['2030-06-03'],
    note: 'Reading of How Plants Make Food missed on 3 Jun moved here.',
    ...overrides,
  };
}

function todayWith(dayOf: PlanDay | null, daysLeft = 10): Today {
  return {
    exams: [
      {
        exam_id: EXAM,
        name: 'Earth science final',
        exam_at: '2030-06-14T07:00:00.000Z',
        days_left: daysLeft,
        day: dayOf,
      },
    ],
  };
}

function renderToday() {
  const onStartReviews = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TodaySection serverUrl="http://localhost:3000" books={[book]} onStartReviews={onStartReviews} />
    </QueryClientProvider>,
  );
  return { onStartReviews };
}

// The background's answers, registered in this same context: the side panel's messages reach them.
describe('TodaySection', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => {
    removeAllListeners();
    cleanup();
  });

  it("asks the background for today's plan and lists each exam's reading, reviews and what moved", async () => {
    let asked = 0;
    onMessage('today', () => {
      asked += 1;
      return { ok: true, value: todayWith(day()) };
    });
    renderToday();
    const section = await screen.findByRole('region', { name: 'Today' });
    const exam = within(section).getByRole('article', { name: 'Earth science final' });
    expect(asked).toBe(1);
    expect(exam.textContent).toContain('in 10 days · 33 min');
    expect(exam.textContent).toContain('How Plants Make Foodpp. 4–6 · 9 min');
    expect(exam.textContent).toContain('Review 12 cards');
    expect(exam.textContent).toContain('A Short Guide to the Living Earth');
    expect(exam.textContent).toContain('Reading of How Plants Make Food missed on 3 Jun moved here.');
  });

  it('starts reading at the first page to read through the background, and reviews in the panel, in one click', async () => {
    onMessage('today', () => ({ ok: true, value: todayWith(day()) }));
    const opened: CitationRequest[] = [];
    onMessage('openCitation', ({ data }) => {
      opened.push(data);
      return { ok: true, value: { opened: 'reader' as const } };
    });
    const { onStartReviews } = renderToday();
    fireEvent.click(await screen.findByRole('button', { name: 'Start reading How Plants Make Food' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ bookId: BOOK, page: 4 });

    fireEvent.click(screen.getByRole('button', { name: 'Start reviews of A Short Guide to the Living Earth' }));
    expect(onStartReviews).toHaveBeenCalledWith(BOOK);
  });

  it('says when nothing is planned, and offers to plan an exam when there is none', async () => {
    onMessage('today', () => ({ ok: true, value: todayWith(null, 0) }));
    renderToday();
    expect(await screen.findByText('The exam is today. Good luck!')).toBeTruthy();
    cleanup();
    removeAllListeners();

    onMessage('today', () => ({ ok: true, value: { exams: [] } }));
    renderToday();
    expect((await screen.findByRole('link', { name: 'Plan an exam' })).getAttribute('href')).toBe(
      'http://localhost:3000/exams/new',
    );
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
  });

  it('shows an error with Retry, but stays quiet when the server is unreachable (the library says so)', async () => {
    onMessage('today', () => ({ ok: false, error: { kind: 'api', message: "Could not load today's plan." } }));
    renderToday();
    expect((await screen.findByRole('alert')).textContent).toContain("Could not load today's plan.");
    cleanup();
    removeAllListeners();

    let answered = false;
    onMessage('today', () => {
      answered = true;
      return { ok: false, error: { kind: 'unreachable', message: 'Cannot reach the ChapterWise server.' } };
    });
    renderToday();
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("opens Today's reviews on the first due card, without a second click", async () => {
    onMessage('dueFlashcards', ({ data }) => ({
      ok: true,
      value: {
        due_count: data === BOOK ? 1 : 0,
        by_book: { [BOOK]: 1 },
        cards: [
          {
            id: '0d000000-0000-4000-8000-000000000001',
            chapter_id: '0c000000-0000-4000-8000-000000000001',
            book_id: BOOK,
            kind: 'qa',
            front: 'What is transpiration?',
            back: 'The release of water from leaves.',
            page_label: '2',
            due_at: '2030-06-04T08:00:00.000Z',
            state: 'review',
            interval_days: 3,
            reps: 2,
            manual: false,
            next_due: {
              again: '2030-06-04T08:10:00.000Z',
              hard: '2030-06-05T08:00:00.000Z',
              good: '2030-06-07T08:00:00.000Z',
              easy: '2030-06-12T08:00:00.000Z',
            },
          },
        ],
      },
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <FlashcardReview bookId={BOOK} startNow />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('What is transpiration?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeTruthy();
  });

  it('writes the countdown and minutes briefly', () => {
    expect(daysLeftLabel(0)).toBe('today');
    expect(daysLeftLabel(1)).toBe('tomorrow');
    expect(daysLeftLabel(12)).toBe('in 12 days');
    expect(minutesLabel(45)).toBe('45 min');
    expect(minutesLabel(80)).toBe('1 h 20 min');
  });
});
