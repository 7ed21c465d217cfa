import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from './api-client.js';
import { ENDPOINTS } from './contract.js';
import type { Endpoint } from './endpoint.js';

const ID = '7f7c9f1e-3a52-4c5e-9d55-2a4f0f3b6a10';
const listed = ENDPOINTS as readonly Endpoint[];
const methodsOf = () =>
  Object.getOwnPropertyNames(ApiClient.prototype).filter(
    (name) =>
      !['constructor', 'url', 'headers', 'doFetch', 'download', 'request', 'checked', 'send', 'toError'].includes(name),
  ) as (keyof ApiClient)[];

/** Calls every client method with ids, records the request it makes (the fake server answers 418). */
async function requestsOfEveryMethod() {
  const made: { name: string; method: string; path: string }[] = [];
  let current = '';
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    made.push({ name: current, method: init?.method ?? 'GET', path: new URL(String(url)).pathname });
    return new Response(JSON.stringify({ detail: 'teapot' }), { status: 418 });
  });
  const client = new ApiClient({ baseUrl: 'http://host', getToken: () => 't', fetch });
  for (const name of methodsOf()) {
    current = name;
    const call = client[name] as (...args: unknown[]) => Promise<unknown>;
    const args = name === 'uploadBook' ? [new Blob(['%PDF-1.4']), 'book.pdf'] : [ID, { rating: 'good' }, ID];
    await expect(call.apply(client, args)).rejects.toBeInstanceOf(ApiError);
  }
  current = 'dueFlashcards';
  await expect(client.dueFlashcards()).rejects.toBeInstanceOf(ApiError);
  return made;
}

const matches = (endpoint: Endpoint, method: string, path: string) =>
  endpoint.method.toUpperCase() === method &&
  new RegExp(`^/api${endpoint.path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`).test(path);

describe('the typed client comes from the endpoint list', () => {
  it('makes each call with the method and path of the endpoint named after it', async () => {
    for (const { name, method, path } of await requestsOfEveryMethod()) {
      const endpoint = listed.find((candidate) => matches(candidate, method, path));
      expect({ name, call: `${method} ${path}`, operation: endpoint?.operation }).toEqual({
        name,
        call: `${method} ${path}`,
        // Due cards of the whole library are the same method without a book.
        operation: name === 'dueFlashcards' && path === '/api/flashcards/due' ? 'libraryDueFlashcards' : name,
      });
    }
  });

  it('has a method for every named endpoint, and each name once', async () => {
    const operations = listed.flatMap((endpoint) => (endpoint.operation ? [endpoint.operation] : []));
    expect(new Set(operations).size).toBe(operations.length);
    const methods = new Set<string>(methodsOf());
    expect(operations.filter((operation) => operation !== 'libraryDueFlashcards' && !methods.has(operation))).toEqual(
      [],
    );
  });
});
