import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.js';
import { book } from '../../test/fixtures.js';
import { mockApi } from '../../test/mock-api.js';
import { bookQueries, ensureFreshBook } from './queries.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const inSeconds = (seconds: number) =>
  `/api/files/books/b1/source.pdf?o=u1&exp=${Math.floor(Date.now() / 1000) + seconds}&name=b.pdf&sig=s`;

describe('ensureFreshBook (the reader opens a book with a link that works)', () => {
  it('fetches the book again when the cached signed link has expired, despite the app-wide stale time', async () => {
    const fresh = book({ pdf_url: inSeconds(15 * 60) });
    const { callsTo } = mockApi({ 'GET /api/books/b1': fresh });
    const queryClient = createQueryClient({ onUnauthorized: () => undefined });
    // Loaded an hour ago, its link expired since; the app's 30 s stale time alone would keep it.
    queryClient.setQueryData(bookQueries.detail('b1').queryKey, book({ pdf_url: inSeconds(-45 * 60) }));
    expect((await ensureFreshBook(queryClient, 'b1')).pdf_url).toBe(fresh.pdf_url);
    expect(callsTo('GET /api/books/b1')).toHaveLength(1);
    expect(queryClient.getQueryData(bookQueries.detail('b1').queryKey)?.pdf_url).toBe(fresh.pdf_url);
  });

  it('fetches again a link about to expire, and keeps one that lasts', async () => {
    const { callsTo } = mockApi({ 'GET /api/books/b1': book({ pdf_url: inSeconds(15 * 60) }) });
    const queryClient = createQueryClient({ onUnauthorized: () => undefined });
    queryClient.setQueryData(bookQueries.detail('b1').queryKey, book({ pdf_url: inSeconds(30) }));
    await ensureFreshBook(queryClient, 'b1');
    expect(callsTo('GET /api/books/b1')).toHaveLength(1);
    const lasting = book({ pdf_url: inSeconds(10 * 60) });
    queryClient.setQueryData(bookQueries.detail('b1').queryKey, lasting);
    expect(await ensureFreshBook(queryClient, 'b1')).toEqual(lasting);
    expect(callsTo('GET /api/books/b1')).toHaveLength(1);
  });
});
