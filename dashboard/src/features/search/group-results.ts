import { type SearchResult } from '@chapterwise/shared';

export interface BookResults {
  bookId: string;
  bookTitle: string;
  results: SearchResult[];
}

/**
 * Results grouped by book. The books come in the order of their best match and each keeps its own
 * results best first, so the most relevant page is still the first one on screen.
 */
export function groupByBook(results: readonly SearchResult[]): BookResults[] {
  const groups = new Map<string, BookResults>();
  for (const result of results) {
    let group = groups.get(result.book_id);
    if (!group) {
      group = { bookId: result.book_id, bookTitle: result.book_title, results: [] };
      groups.set(result.book_id, group);
    }
    group.results.push(result);
  }
  return [...groups.values()];
}

/** '1 match', '3 matches' */
export function matchCount(count: number): string {
  return `${count} ${count === 1 ? 'match' : 'matches'}`;
}
