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

export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

/**
 * Starts the requests of the page at `pathname` for a signed-in visitor. route-preload.js (a classic script the
 * HTML runs while the entry's modules download) carries a copy of this function as text, so it uses nothing
 * from outside its body; the entry calls it only when that script did not run.
 */
export function startPageDataRequests(
  pages: typeof PAGE_DATA,
  pathname: string,
  token: string | null,
  fetchNow: (url: string, init: RequestInit) => Promise<Response>,
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
  return ['/auth/me', ...page[1]].map((path) => {
    const url = `/api${path.replace(':id', id)}`;
    const response = fetchNow(url, { headers });
    // Whoever takes it over sees a failure; left alone, it must not surface as unhandled.
    response.catch(() => undefined);
    return { url, headers, response };
  });
}
