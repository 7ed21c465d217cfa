import { pdfWorker } from './features/reader/pdf-worker.js';
import { requestEarly } from './lib/early-requests.js';

/**
 * What the loaders of the page being opened ask the API for first, as API paths (the client's, see
 * early-page-data.test.ts). Asked as the app starts, these travel while the page's code downloads; the
 * loaders' identical requests take them over (lib/early-requests.ts) instead of starting after it.
 */
const PAGE_DATA: ReadonlyArray<readonly [RegExp, (id: string) => string[]]> = [
  [/^\/dashboard\/?$/, () => ['/books', '/billing/usage']],
  [/^\/books\/([^/]+)\/?$/, (id) => [`/books/${id}`, `/books/${id}/chapters`]],
  [/^\/books\/([^/]+)\/read\/?$/, (id) => [`/books/${id}`, `/books/${id}/chapters`]],
  [/^\/chapters\/([^/]+)\/?$/, (id) => [`/chapters/${id}`, `/chapters/${id}/topics`]],
];

export function requestPageDataEarly(pathname: string, token: string | null): void {
  if (!token) return;
  const page = PAGE_DATA.find(([pattern]) => pattern.test(pathname));
  if (!page) return;
  const id = encodeURIComponent(decodeURIComponent(page[0].exec(pathname)?.[1] ?? ''));
  // The same headers as the API client's GETs.
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  // The file's first bytes are not asked here: the reader asks for them the moment the book arrives.
  const asked = ['/auth/me', ...page[1](id)].map((path) => requestEarly(`/api${path}`, headers));
  for (const response of asked) response.catch(() => undefined);
  if (pathname.endsWith('/read') || pathname.endsWith('/read/')) pdfWorker();
}
