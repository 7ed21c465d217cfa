import { pathOf } from '@chapterwise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPageDataEarly } from './early-page-data.js';
import { fetchTakingEarly } from './lib/early-requests.js';

function stubNetwork() {
  const asked: Array<{ url: string; headers: Headers }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push({ url, headers: new Headers(init.headers) });
      if (url.endsWith('/books/b1')) return Response.json({ id: 'b1', pdf_url: '/api/files/b1?sig=abc' });
      if (url.endsWith('/chapters/c1')) return Response.json({ id: 'c1', book_id: 'b 1' });
      return new Response('{}', { status: 206 });
    }),
  );
  return asked;
}

// Follow-ups go out once the answer they need has been read (a few microtasks later).
const answersRead = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('page data asked as the app starts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/dashboard', ['me', 'listBooks', 'usage', 'libraryDueFlashcards'], {}],
    ['/books/b1', ['me', 'getBook', 'listChapters', 'pageLabels', 'dueFlashcards', 'studyProgress'], { id: 'b1' }],
    ['/chapters/c1', ['me', 'getChapter', 'listTopics', 'listFlashcards', 'listQuizAttempts'], { id: 'c1' }],
  ] as const)('%s asks what its loaders ask, at the API client’s URLs', (pathname, operations, params) => {
    const asked = stubNetwork();
    requestPageDataEarly(pathname, 'token-1');
    expect(asked.map((request) => request.url)).toEqual(
      operations.map((operation) => `/api${pathOf(operation, params as Record<string, string>)}`),
    );
    expect(asked.every((request) => request.headers.get('authorization') === 'Bearer token-1')).toBe(true);
  });

  it('asks for a chapter’s book as soon as the chapter’s answer names it, for the app to take over', async () => {
    const asked = stubNetwork();
    requestPageDataEarly('/chapters/c1', 'token-1');
    await answersRead();
    const book = { id: 'b 1' };
    expect(asked.slice(5).map((request) => request.url)).toEqual(
      (['getBook', 'listChapters', 'studyProgress', 'pageLabels'] as const).map(
        (operation) => `/api${pathOf(operation, book)}`,
      ),
    );
    expect(asked.slice(5).every((request) => request.headers.get('authorization') === 'Bearer token-1')).toBe(true);
    const taken = await fetchTakingEarly(`/api${pathOf('getBook', book)}`, {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
    });
    expect(taken.status).toBe(206);
    expect(asked).toHaveLength(9);
  });

  it('opens a book in the reader with the book, its chapters and the file’s first bytes, leaving pdf.js for after the first paint', async () => {
    const asked = stubNetwork();
    const workers: string[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: string) {
          workers.push(String(url));
        }
      },
    );
    requestPageDataEarly('/books/b1/read', 'token-1');
    expect(asked.map((request) => request.url)).toEqual([
      '/api/auth/me',
      '/api/books/b1',
      '/api/books/b1/chapters',
      '/api/books/b1/page-labels',
      '/api/books/b1/highlights',
    ]);
    // pdf.js's worker (1.3 MB) would share a phone's link with these: the reader starts it once it is painted.
    expect(workers).toEqual([]);
    // The file's head and tail, at its signed URL, before the reader's code has arrived.
    await answersRead();
    expect(asked.slice(5).map((request) => [request.url, request.headers.get('range')])).toEqual([
      ['/api/files/b1?sig=abc', 'bytes=0-8191'],
      ['/api/files/b1?sig=abc', 'bytes=-65536'],
    ]);
    expect(asked.slice(5).every((request) => !request.headers.has('authorization'))).toBe(true);
  });

  it('asks nothing when signed out or on a page without data', () => {
    const asked = stubNetwork();
    requestPageDataEarly('/dashboard', null);
    requestPageDataEarly('/pricing', 'token-1');
    expect(asked).toEqual([]);
  });
});
