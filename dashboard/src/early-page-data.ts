import { adoptStartedEarly, keepForTakeOver } from './lib/early-requests.js';
import { PAGE_DATA, startPageDataRequests } from './page-data-requests.js';

/**
 * The page's first API requests (page-data-requests.ts), taken over from route-preload.js, which started them
 * while this code downloaded; started here when that script did not run (blocked, or slower than the entry).
 */
export function requestPageDataEarly(pathname: string, token: string | null): void {
  if (adoptStartedEarly().length === 0) {
    const started = startPageDataRequests(PAGE_DATA, pathname, token, (url, init) => fetch(url, init), keepForTakeOver);
    for (const request of started) keepForTakeOver(request);
  }
}
