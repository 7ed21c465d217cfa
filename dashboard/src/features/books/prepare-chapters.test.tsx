import { screen, waitFor } from '@testing-library/react';
import type { ChapterPreparation } from '@chapterwise/shared';
import { describe, expect, it } from 'vitest';
import { book, chapter, testUser } from '../../test/fixtures.js';
import { mockApi, type Route } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';

const chapters = [
  chapter({ id: 'c1', chapter_number: 1, title: 'What Is Psychology?', summary: null }),
  chapter({ id: 'c2', chapter_number: 2, title: 'Memory', summary: null }),
];

function preparation(fields: Partial<ChapterPreparation> = {}): ChapterPreparation {
  return {
    status: 'idle',
    chapters_done: 0,
    chapters_total: 2,
    error: null,
    estimate: { input_tokens: 41_200, output_tokens: 6_800, cost_usd: 0.0103 },
    ...fields,
  };
}

function bookApi(overrides: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [],
    'GET /api/books/b1': book(),
    'GET /api/books/b1/chapters': chapters,
    'GET /api/books/b1/prepare': preparation(),
    ...overrides,
  });
}

describe('Prepare all chapters', () => {
  it('shows the estimated tokens and cost before it starts, then the chapters done until all are', async () => {
    let state = preparation();
    const api = bookApi({
      'GET /api/books/b1/prepare': () => state,
      'POST /api/books/b1/prepare': () => {
        state = preparation({
          status: 'done',
          chapters_done: 2,
          estimate: { input_tokens: 0, output_tokens: 0, cost_usd: 0 },
        });
        return preparation({ status: 'running', chapters_done: 1 });
      },
    });
    const app = renderApp('/books/b1', { signedIn: true });

    // The book page loads lazily: on a busy machine that takes longer than findBy's one second.
    expect(
      await screen.findByText("Write every chapter's notes and topics now, in one go.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('About 48,000 tokens, about $0.01.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Prepare all chapters' }));

    expect(await screen.findByText('Preparing notes and topics: 1 of 2 chapters')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Chapters prepared' })).toHaveAttribute('aria-valuenow', '50');
    expect(api.callsTo('POST /api/books/b1/prepare')).toHaveLength(1);
    // Polled while running; done hides the action and the chapters are fetched again.
    await waitFor(() => expect(screen.queryByText(/Preparing notes and topics/)).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('button', { name: 'Prepare all chapters' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/books/b1/chapters').length).toBeGreaterThanOrEqual(2);
    // Waits for the real 2 s poll: longer than the default 5 s on a busy machine.
  }, 15_000);

  it('shows tokens only when no price is configured, and says why the last run failed', async () => {
    bookApi({
      'GET /api/books/b1/prepare': preparation({
        status: 'failed',
        chapters_done: 1,
        error: 'The AI service is not responding right now. Please try again in a few minutes.',
        estimate: { input_tokens: 20_000, output_tokens: 3_000, cost_usd: null },
      }),
    });
    renderApp('/books/b1', { signedIn: true });

    expect(
      await screen.findByText('Write the notes and topics of the 1 chapter not prepared yet.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('About 23,000 tokens of your AI allowance.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The AI service is not responding right now.');
    expect(screen.getByRole('button', { name: 'Prepare all chapters' })).toBeEnabled();
  });

  it('is not offered with the offline engine, which prepares notes during ingestion', async () => {
    const api = bookApi({ 'GET /api/books/b1': book({ engine: 'offline' }) });
    renderApp('/books/b1', { signedIn: true });

    await screen.findByRole('button', { name: /Chapter 2: Memory/ }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Prepare all chapters' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/books/b1/prepare')).toHaveLength(0);
  });
});
