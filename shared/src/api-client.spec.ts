import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError, errorMessage } from './api-client.js';
import { MESSAGES, summaryPdfReady, uploadsUsed } from './messages.js';
import { planLabel } from './constants/plans.js';
import { successSchemaOf } from './operations.js';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
}

describe('ApiClient', () => {
  it('sends the bearer token and JSON body under /api, and validates the answer', async () => {
    const fetch = fakeFetch(200, { token: 't', user: { id: 'u', name: 'Ada', email: 'a@x.com', plan: 'free' } });
    const client = new ApiClient({ baseUrl: 'http://host', getToken: () => 'secret', fetch });
    const session = await client.login({ email: 'a@x.com', password: 'pw' });
    expect(session.user.plan).toBe('free');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://host/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer secret', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@x.com', password: 'pw' });
  });

  it('puts query parameters in the URL', async () => {
    const fetch = fakeFetch(200, { audio_url: 'http://host/a.mp3' });
    const client = new ApiClient({ baseUrl: '', getToken: () => null, fetch });
    await client.generateAudio({ content_type: 'chapter', content_id: 'c1' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/audio/generate?content_type=chapter&content_id=c1');
  });

  it('searches with q and book_id in the query and asks with a JSON body', async () => {
    const bookId = '7f7c9f1e-3a52-4c5e-9d55-2a4f0f3b6a10';
    const result = {
      book_id: bookId,
      book_title: 'Living Earth',
      chapter_id: null,
      chapter_title: null,
      chapter_label: null,
      page: 4,
      page_label: '2',
      snippet: 'the <mark>water cycle</mark>',
      score: 1.5,
    };
    const search = fakeFetch(200, [result]);
    const client = new ApiClient({ baseUrl: '', getToken: () => 't', fetch: search });
    expect(await client.searchBooks({ q: 'water cycle', book_id: bookId })).toEqual([result]);
    expect(search.mock.calls[0]![0]).toBe(`/api/search?q=water+cycle&book_id=${bookId}`);

    const answer = { answer: 'It rains [1].', citations: [], engine: 'extractive', answered: true };
    const ask = fakeFetch(200, answer);
    const asking = new ApiClient({ baseUrl: '', getToken: () => 't', fetch: ask });
    expect(await asking.answerQuestion({ q: 'Why does it rain?' })).toEqual(answer);
    const [url, init] = ask.mock.calls[0]!;
    expect(url).toBe('/api/search/answer');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ q: 'Why does it rain?' });
  });

  it('turns an error answer into an ApiError carrying the server detail and body', async () => {
    const body = { detail: 'used 2 of 2', code: 'UPGRADE_REQUIRED', upgrade_required: true };
    const client = new ApiClient({ baseUrl: '', getToken: () => 't', fetch: fakeFetch(403, body) });
    const error = await client.listBooks().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: 'used 2 of 2', body });
  });

  it('tells the session owner about a 401 before throwing', async () => {
    const onUnauthorized = vi.fn();
    const client = new ApiClient({
      baseUrl: '',
      getToken: () => 'old',
      onUnauthorized,
      fetch: fakeFetch(401, { detail: 'expired' }),
    });
    await expect(client.me()).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects an answer that does not match the contract when it checks answers, and passes it on when not', async () => {
    const checking = new ApiClient({
      baseUrl: '',
      getToken: () => 't',
      fetch: fakeFetch(200, [{ id: 1 }]),
      responseSchemaOf: successSchemaOf,
    });
    await expect(checking.listBooks()).rejects.toThrow();
    const trusting = new ApiClient({ baseUrl: '', getToken: () => 't', fetch: fakeFetch(200, [{ id: 1 }]) });
    await expect(trusting.listBooks()).resolves.toEqual([{ id: 1 }]);
  });
});

describe('messages', () => {
  it('prefers the server detail and falls back to the spec text', () => {
    expect(errorMessage(new ApiError(400, 'Please generate book summary first', {}), MESSAGES.audioFailed)).toBe(
      'Please generate book summary first',
    );
    expect(errorMessage(new ApiError(500, undefined, {}), MESSAGES.audioFailed)).toBe('Failed to generate audio');
    expect(errorMessage(new Error('network'), MESSAGES.loadBooksFailed)).toBe('Failed to load books');
  });

  it('words the templated messages as the spec does', () => {
    expect(summaryPdfReady(8, 77)).toBe('Summary PDF ready! (8 pages from 77 pages)');
    expect(uploadsUsed(2, 2, 'Free')).toBe('used 2 of 2 uploads on the Free plan');
    expect(planLabel(undefined)).toBe('FREE');
    expect(planLabel('pro')).toBe('PRO');
  });
});
