// No imports from @chapterwise/shared: validateSearch runs in the entry chunk, which must stay free
// of the schemas (and zod). An over-long query is answered by the server's 400 detail.

export interface SearchParams {
  q?: string;
  book?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The router parses search values as JSON: `?q=1984` arrives as a number.
function text(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  return value.trim() || undefined;
}

export function parseSearchParams(search: Record<string, unknown>): SearchParams {
  const q = text(search.q);
  const book = typeof search.book === 'string' && UUID.test(search.book) ? search.book : undefined;
  return { ...(q ? { q } : {}), ...(book ? { book } : {}) };
}
