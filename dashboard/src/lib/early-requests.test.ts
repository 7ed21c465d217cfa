import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptStartedEarly, fetchTakingEarly, keepForTakeOver } from './early-requests.js';

const requestEarly = (url: string, headers: Record<string, string>) =>
  keepForTakeOver({ url, headers, response: fetch(url, { headers }) });

describe('early requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the first identical GET with the request started early, and only that one', async () => {
    const network = vi.fn(async (url: string) => new Response(`answer ${network.mock.calls.length} for ${url}`));
    vi.stubGlobal('fetch', network);
    void requestEarly('/api/books/b1', { Accept: 'application/json', Authorization: 'Bearer t1' });
    expect(network).toHaveBeenCalledTimes(1);

    const taken = await fetchTakingEarly('/api/books/b1', {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer t1' },
    });
    expect(await taken.text()).toBe('answer 1 for /api/books/b1');
    expect(network).toHaveBeenCalledTimes(1);

    await fetchTakingEarly('/api/books/b1', { headers: { Authorization: 'Bearer t1' } });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('goes to the network for another user, another range, or a write', async () => {
    const network = vi.fn(async () => new Response('fresh'));
    vi.stubGlobal('fetch', network);
    void requestEarly('/files/book.pdf', { Range: 'bytes=0-8191' });
    void requestEarly('/api/books/b2', { Authorization: 'Bearer owner' });
    await fetchTakingEarly('/files/book.pdf', { headers: { Range: 'bytes=-65536' } });
    await fetchTakingEarly('/api/books/b2', { headers: { Authorization: 'Bearer someone-else' } });
    await fetchTakingEarly('/api/books/b2', { method: 'DELETE', headers: { Authorization: 'Bearer owner' } });
    expect(network).toHaveBeenCalledTimes(5);
    await fetchTakingEarly('/files/book.pdf', { headers: { Range: 'bytes=0-8191' } });
    expect(network).toHaveBeenCalledTimes(5);
  });

  it('takes over what route-preload.js started before the app ran, once', async () => {
    const network = vi.fn(async () => new Response('fresh'));
    vi.stubGlobal('fetch', network);
    const headers = { Accept: 'application/json', Authorization: 'Bearer t1' };
    window.__chapterwiseEarly = [{ url: '/api/auth/me', headers, response: Promise.resolve(new Response('early')) }];
    expect(adoptStartedEarly()).toEqual(['/api/auth/me']);
    expect(adoptStartedEarly()).toEqual([]);
    expect(await (await fetchTakingEarly('/api/auth/me', { headers })).text()).toBe('early');
    // A follow-up the script starts after that (its answer came later) goes straight to the app.
    window.__chapterwiseEarly?.push({
      url: '/api/books/b1',
      headers,
      response: Promise.resolve(new Response('later')),
    });
    expect(await (await fetchTakingEarly('/api/books/b1', { headers })).text()).toBe('later');
    expect(network).not.toHaveBeenCalled();
  });
});
