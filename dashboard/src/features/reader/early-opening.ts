import { requestEarly } from '../../lib/early-requests.js';
import { OPENING_RANGES } from './opening-bytes.js';

const READER_PATH = /^\/books\/([^/]+)\/read\/?$/;

/**
 * Opened on a reader URL, the app asks at once for the book (its signed file URL) and then the file's
 * opening bytes, while the reader's code and pdf.js still download; the route's own identical requests
 * take these over (lib/early-requests.ts). The first page waits on this chain, not on the code.
 */
export function openReaderEarly(pathname: string, token: string | null): void {
  const bookId = READER_PATH.exec(pathname)?.[1];
  if (!bookId || !token) return;
  // The same URL and headers as the API client's GET /books/{id}.
  requestEarly(`/api/books/${encodeURIComponent(decodeURIComponent(bookId))}`, {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
  })
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ pdf_url?: unknown }>) : null))
    .then((book) => {
      if (typeof book?.pdf_url !== 'string') return;
      for (const range of OPENING_RANGES) requestEarly(book.pdf_url, { Range: range }).catch(() => undefined);
    })
    .catch(() => undefined);
}
