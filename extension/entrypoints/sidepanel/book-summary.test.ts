import { MESSAGES, type Book } from '@chapterwise/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onMessage, removeAllListeners } from '@/utils/messaging.js';
import { generateBookSummary } from './book-summary.js';
import { POLL_INTERVAL_MS } from './queries.js';

const book = (overrides: Partial<Book>): Book => ({
  id: 'b1',
  title: 'Moby Dick',
  status: 'completed',
  total_pages: 600,
  progress: 100,
  status_detail: null,
  created_at: '2026-01-01T00:00:00Z',
  pdf_url: 'http://localhost:3000/api/files/x',
  full_summary: null,
  full_summary_engine: null,
  chapter_count: 135,
  error: null,
  source_url: null,
  engine: 'offline',
  summary_job: null,
  ...overrides,
});

describe(generateBookSummary.name, () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    removeAllListeners();
  });

  it('returns the summary of a 200 answer at once', async () => {
    onMessage('summarizeBook', () => ({ ok: true, value: { summary: 'A whale of a tale.' } }));
    expect(await generateBookSummary('b1', () => undefined)).toBe('A whale of a tale.');
  });

  it('polls the book after a 202 until summary_job clears, reporting progress', async () => {
    onMessage('summarizeBook', () => ({ ok: true, value: { status: 'generating', progress: 10 } }));
    const readings = [
      book({ summary_job: { status: 'generating', progress: 60 } }),
      book({ full_summary: 'Ahab hunts the whale.', summary_job: null }),
    ];
    onMessage('getBook', () => ({ ok: true, value: readings.shift()! }));
    const seen: (number | undefined)[] = [];

    const summary = generateBookSummary('b1', (latest) => seen.push(latest.summary_job?.progress));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);

    expect(await summary).toBe('Ahab hunts the whale.');
    expect(seen).toEqual([60, undefined]);
  });

  it('fails with the spec message when the background job fails', async () => {
    onMessage('summarizeBook', () => ({ ok: true, value: { status: 'generating', progress: 0 } }));
    onMessage('getBook', () => ({
      ok: true,
      value: book({ summary_job: { status: 'failed', progress: 40, error: 'LLM down' } }),
    }));

    const summary = generateBookSummary('b1', () => undefined);
    const outcome = expect(summary).rejects.toThrow(MESSAGES.summaryFailed);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await outcome;
  });
});
