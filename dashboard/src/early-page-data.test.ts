import { pathOf } from '@chapterwise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPageDataEarly } from './early-page-data.js';

function stubNetwork() {
  const asked: Array<{ url: string; headers: Headers }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push({ url, headers: new Headers(init.headers) });
      return url.endsWith('/books/b1')
        ? Response.json({ id: 'b1', pdf_url: '/api/files/b1?sig=abc' })
        : new Response('{}', { status: 206 });
    }),
  );
  return asked;
}

describe('page data asked as the app starts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/dashboard', ['me', 'listBooks', 'usage'], {}],
    ['/books/b1', ['me', 'getBook', 'listChapters'], { id: 'b1' }],
    ['/chapters/c1', ['me', 'getChapter', 'listTopics'], { id: 'c1' }],
  ] as const)('%s asks what its loaders ask, at the API client’s URLs', (pathname, operations, params) => {
    const asked = stubNetwork();
    requestPageDataEarly(pathname, 'token-1');
    expect(asked.map((request) => request.url)).toEqual(
      operations.map((operation) => `/api${pathOf(operation, params as Record<string, string>)}`),
    );
    expect(asked.every((request) => request.headers.get('authorization') === 'Bearer token-1')).toBe(true);
  });

  it('opens a book in the reader with the book, its chapters and pdf.js’s worker starting', () => {
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
    expect(asked.map((request) => request.url)).toEqual(['/api/auth/me', '/api/books/b1', '/api/books/b1/chapters']);
    expect(workers).toHaveLength(1);
    expect(workers[0]).toContain('pdf.worker');
  });

  it('asks nothing when signed out or on a page without data', () => {
    const asked = stubNetwork();
    requestPageDataEarly('/dashboard', null);
    requestPageDataEarly('/pricing', 'token-1');
    expect(asked).toEqual([]);
  });
});
