/** A GET already on its way, with the headers it was sent with (page-data-requests.ts starts them). */
export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

/**
 * GET requests started before the router runs (the entry knows the URL; the route's code is still on its
 * way), each taken over by the first identical request the app then makes. Identical means the same URL
 * and the same Authorization and Range headers; anything else goes to the network as usual.
 */
const early = new Map<string, Promise<Response>>();

// Not taken while the app starts (the visitor went elsewhere): dropped, so that no answer from before a later
// change is ever handed out.
const UNCLAIMED_MS = 5_000;

function keyOf(url: string, headers: HeadersInit | undefined): string {
  const given = new Headers(headers);
  return [url, given.get('authorization') ?? '', given.get('range') ?? ''].join('\n');
}

declare global {
  interface Window {
    /**
     * Requests route-preload.js started before the app's code ran (page-data-requests.ts); once the app has
     * taken them, the follow-ups the script starts later are pushed straight to the app.
     */
    __chapterwiseEarly?: EarlyRequest[] | { push: (...requests: EarlyRequest[]) => number };
  }
}

/** Holds `response` for the first identical request the app makes. */
export function keepForTakeOver({ url, headers, response }: EarlyRequest): void {
  const key = keyOf(url, headers);
  early.set(key, response);
  const forget = () => {
    if (early.get(key) === response) early.delete(key);
  };
  response.catch(forget);
  setTimeout(forget, UNCLAIMED_MS);
}

/** Takes over what route-preload.js started (the URLs it asked for); once taken, the script starts nothing. */
export function adoptStartedEarly(): string[] {
  if (typeof window === 'undefined') return [];
  const started = Array.isArray(window.__chapterwiseEarly) ? window.__chapterwiseEarly : [];
  window.__chapterwiseEarly = { push: keepEach };
  keepEach(...started);
  return started.map((request) => request.url);
}

function keepEach(...requests: EarlyRequest[]): number {
  for (const request of requests) keepForTakeOver(request);
  return requests.length;
}

/** `fetch`, answered by a request started early when one matches (once). */
export function fetchTakingEarly(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (typeof input === 'string' && (init.method ?? 'GET').toUpperCase() === 'GET' && init.body == null) {
    const key = keyOf(input, init.headers);
    const started = early.get(key);
    if (started) {
      early.delete(key);
      return started;
    }
  }
  return fetch(input, init);
}
