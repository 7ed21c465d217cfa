import { type SearchResult } from '@chapterwise/shared';

export interface BookResults {
  bookId: string;
  bookTitle: string;
  results: SearchResult[];
}

/** Books in the order of their best match, each keeping its results best first. */
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

export function matchCount(count: number): string {
  return `${count} ${count === 1 ? 'match' : 'matches'}`;
}
