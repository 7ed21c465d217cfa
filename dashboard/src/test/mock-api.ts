import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Answer = Response | unknown;
/** A fixed answer, or a function of the call (may return a promise that never settles). */
export type Route = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, detail?: string, extra: Record<string, unknown> = {}): Response {
  return json(detail === undefined ? { ...extra } : { detail, code: 'ERROR', ...extra }, status);
}

/** Never answers: the call stays in flight (busy states). */
export const pending = () => new Promise<never>(() => {});

/** Replaces fetch; an unexpected call answers 404 so a test sees it. */
export function mockApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return apiError(404, `No mock for ${method} ${url.pathname}`);
    const answer = typeof route === 'function' ? await (route as (call: ApiCall) => Answer)(call) : route;
    return answer instanceof Response ? answer.clone() : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A stand-in XMLHttpRequest for uploads: reports progress, then answers with the status and body given. */
export function mockUpload(answer: () => UploadAnswer | Promise<UploadAnswer>) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      void Promise.resolve(answer()).then((result) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = result.status;
        this.responseText = JSON.stringify(result.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}

export interface UploadAnswer {
  status: number;
  body: unknown;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
