import { READER_OPENING } from './features/reader/opening-bytes.js';
import { pdfWorker } from './features/reader/pdf-worker.js';
import { adoptStartedEarly, followUpsOf, keepForTakeOver } from './lib/early-requests.js';
import { PAGE_DATA, READER_PAGE, startPageDataRequests } from './page-data-requests.js';

/**
 * The page's first API requests (page-data-requests.ts), taken over from route-preload.js, which started them
 * while this code downloaded; started here when that script did not run (blocked, or slower than the entry).
 */
export function requestPageDataEarly(pathname: string, token: string | null): void {
  if (!window.__chapterwiseEarly) {
    const fetchNow = (url: string, init: RequestInit) => fetch(url, init);
    const started = startPageDataRequests(PAGE_DATA, READER_OPENING, pathname, token, fetchNow, keepForTakeOver);
    for (const request of started.requests) keepForTakeOver(request);
    followUpsOf(started.followUps);
  }
  adoptStartedEarly();
  if (new RegExp(READER_PAGE).test(pathname)) pdfWorker();
}
