import { MESSAGES } from '@chapterwise/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { authTokenItem, serverUrlItem } from '@/utils/storage.js';
import { BackendSession } from './backend-session.js';
import { BookLocator } from './book-locator.js';
import { LibraryService } from './library-service.js';

const libraryOver = (session: BackendSession) => new LibraryService(session, new BookLocator(session));

const BOOK = '7f7c9f1e-3a52-4c5e-9d55-2a4f0f3b6a10';

function serverAnswering(status: number, body: unknown) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(body, { status }));
}

describe(`${LibraryService.name} search`, () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await serverUrlItem.setValue('http://books.test');
    await authTokenItem.setValue('token-1');
  });

  it('asks GET /api/search with the words and the token, and answers the pages', async () => {
    const page = {
      book_id: BOOK,
      book_title: 'Living Earth',
      chapter_id: null,
      chapter_title: null,
      chapter_label: null,
      page: 2,
      page_label: 'ii',
      snippet: '<mark>water</mark>',
      score: 1,
    };
    const fetch = serverAnswering(200, [page]);
    const outcome = await libraryOver(new BackendSession(fetch)).searchLibrary({ q: 'water', book_id: BOOK });

    expect(outcome).toEqual({ ok: true, value: [page] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`http://books.test/api/search?q=water&book_id=${BOOK}`);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it("shows the server's reason for a refused search, else the fixed text", async () => {
    const refused = serverAnswering(400, { detail: 'Type something to search for', code: 'VALIDATION' });
    expect(await libraryOver(new BackendSession(refused)).searchLibrary({ q: ' ' })).toEqual({
      ok: false,
      error: { kind: 'api', message: 'Type something to search for' },
    });
    const broken = serverAnswering(500, {});
    expect(await libraryOver(new BackendSession(broken)).searchLibrary({ q: 'water' })).toEqual({
      ok: false,
      error: { kind: 'api', message: MESSAGES.searchFailed },
    });
  });
});
