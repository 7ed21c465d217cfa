import { OPENING_RANGES } from './features/reader/opening-bytes.js';
import type { EarlyRequest } from './lib/early-requests.js';

/**
 * A request that the answer to an early one makes possible: `field` of the JSON answer to `after` is an id put
 * into `paths` (at ":field"), or, with `ranges`, the address of a file whose byte ranges are asked. Started as
 * soon as that answer arrives, they do not wait for the app's code to run before the page's second wave goes out.
 */
export interface FollowUp {
  after: string;
  field: string;
  paths?: readonly string[];
  ranges?: readonly string[];
}

/** The reader's URLs (`/books/{id}/read`). */
export const READER_PATH = '^/books/([^/]+)/read/?$';

/**
 * What the loaders of the page being opened ask the API for first, as API paths (the client's, see
 * early-page-data.test.ts; ":id" stands for the id in the URL), and what their answers lead to. Asked before the
 * app's code has arrived, these travel while it downloads and runs; the loaders' identical requests take them
 * over (lib/early-requests.ts).
 */
export const PAGE_DATA: ReadonlyArray<
  readonly [pattern: string, paths: readonly string[], followUps?: readonly FollowUp[]]
> = [
  ['^/dashboard/?$', ['/books', '/billing/usage', '/flashcards/due']],
  [
    '^/books/([^/]+)/?$',
    [
      '/books/:id',
      '/books/:id/chapters',
      '/books/:id/page-labels',
      '/books/:id/flashcards/due',
      '/books/:id/study-progress',
    ],
  ],
  // The reader opens the PDF at its head and tail first (features/reader/opening-bytes.ts).
  [
    READER_PATH,
    ['/books/:id', '/books/:id/chapters', '/books/:id/page-labels', '/books/:id/highlights'],
    [{ after: '/books/:id', field: 'pdf_url', ranges: OPENING_RANGES }],
  ],
  // A chapter's page shows its book's title, neighbours and page labels: asked as soon as the book's id is known.
  [
    '^/chapters/([^/]+)/?$',
    ['/chapters/:id', '/chapters/:id/topics', '/chapters/:id/flashcards', '/chapters/:id/quiz/attempts'],
    [
      {
        after: '/chapters/:id',
        field: 'book_id',
        paths: ['/books/:field', '/books/:field/chapters', '/books/:field/study-progress', '/books/:field/page-labels'],
      },
    ],
  ],
];

/**
 * Starts the requests of the page at `pathname` for a signed-in visitor, and their follow-ups when the answers
 * they need arrive (each handed to `later`). route-preload.js (a classic script the HTML runs while the entry's
 * modules download) carries a copy of this function as text, so it uses nothing from outside its body; the entry
 * calls it only when that script did not run.
 */
export function startPageDataRequests(
  pages: typeof PAGE_DATA,
  pathname: string,
  token: string | null,
  fetchNow: (url: string, init: RequestInit) => Promise<Response>,
  later: (request: EarlyRequest) => void,
): EarlyRequest[] {
  const page = token ? pages.find(([pattern]) => new RegExp(pattern).test(pathname)) : undefined;
  if (!page) return [];
  let id: string;
  try {
    id = encodeURIComponent(decodeURIComponent(new RegExp(page[0]).exec(pathname)?.[1] ?? ''));
  } catch {
    return []; // a malformed address: the router shows its not-found page
  }
  // The same headers as the API client's GETs.
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const start = (url: string, requestHeaders: Record<string, string>): EarlyRequest => {
    const response = fetchNow(url, { headers: requestHeaders });
    // Whoever takes it over sees a failure; left alone, it must not surface as unhandled.
    response.catch(() => undefined);
    return { url, headers: requestHeaders, response };
  };
  const started = ['/auth/me', ...page[1]].map((path) => start(`/api${path.replace(':id', id)}`, headers));
  for (const followUp of page[2] ?? []) {
    const source = started.find((request) => request.url === `/api${followUp.after.replace(':id', id)}`);
    // Read from a copy made before anyone else can read the body; the app takes the answer itself over.
    source?.response
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((answer: Record<string, unknown> | null) => {
        const value = answer?.[followUp.field];
        if (typeof value !== 'string' || !value) return;
        for (const path of followUp.paths ?? []) {
          later(start(`/api${path.replace(':field', encodeURIComponent(value))}`, headers));
        }
        for (const range of followUp.ranges ?? []) later(start(value, { Range: range }));
      })
      .catch(() => undefined);
  }
  return started;
}
