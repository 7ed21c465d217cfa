/**
 * What the loaders of the page being opened ask the API for first, as API paths (the client's, see
 * early-page-data.test.ts; ":id" stands for the id in the URL). Asked before the app's code has arrived, these
 * travel while it downloads and runs; the loaders' identical requests take them over (lib/early-requests.ts).
 */
export const PAGE_DATA: ReadonlyArray<readonly [pattern: string, paths: readonly string[]]> = [
  ['^/dashboard/?$', ['/books', '/billing/usage']],
  ['^/books/([^/]+)/?$', ['/books/:id', '/books/:id/chapters']],
  ['^/books/([^/]+)/read/?$', ['/books/:id', '/books/:id/chapters']],
  ['^/chapters/([^/]+)/?$', ['/chapters/:id', '/chapters/:id/topics']],
];

/** The reader's page: once the book (its first path) arrives, the file's opening ranges follow from its pdf_url. */
export const READER_PAGE = '^/books/([^/]+)/read/?$';

export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

export interface StartedEarly {
  requests: EarlyRequest[];
  /** Settles once the requests that follow an answer (the reader's file ranges) have started, or never will. */
  followUps: Promise<void>;
}

/**
 * Starts the requests of the page at `pathname` for a signed-in visitor. route-preload.js (a classic script the
 * HTML runs while the entry's modules download) carries a copy of this function as text, so it uses nothing
 * from outside its body; the entry calls it only when that script did not run. `keepLater` receives the
 * requests started after it returns.
 */
export function startPageDataRequests(
  pages: typeof PAGE_DATA,
  reader: { pattern: string; ranges: readonly string[] },
  pathname: string,
  token: string | null,
  fetchNow: (url: string, init: RequestInit) => Promise<Response>,
  keepLater: (request: EarlyRequest) => void,
): StartedEarly {
  const none = { requests: [], followUps: Promise.resolve() };
  const page = token ? pages.find(([pattern]) => new RegExp(pattern).test(pathname)) : undefined;
  if (!page) return none;
  let id: string;
  try {
    id = encodeURIComponent(decodeURIComponent(new RegExp(page[0]).exec(pathname)?.[1] ?? ''));
  } catch {
    return none; // a malformed address: the router shows its not-found page
  }
  const ask = (url: string, headers: Record<string, string>): EarlyRequest => {
    const response = fetchNow(url, { headers });
    // Whoever takes it over sees a failure; left alone, it must not surface as unhandled.
    response.catch(() => undefined);
    return { url, headers, response };
  };
  // The same headers as the API client's GETs.
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const requests = ['/auth/me', ...page[1]].map((path) => ask(`/api${path.replace(':id', id)}`, headers));
  if (!new RegExp(reader.pattern).test(pathname)) return { requests, followUps: Promise.resolve() };
  // Read from a copy made as the answer arrives, before the app reads the original.
  const followUps = requests[1]!.response
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((book: { pdf_url?: unknown } | null) => {
      const url = book?.pdf_url;
      if (typeof url === 'string') for (const range of reader.ranges) keepLater(ask(url, { Range: range }));
    })
    .catch(() => undefined);
  return { requests, followUps };
}
