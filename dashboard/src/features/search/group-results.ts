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

/** The results line: how many pages are shown of how many match, and in how many books. */
export function resultsSummary(q: string, shown: number, books: number, total: number | undefined): string {
  const pages = (count: number) => (count === 1 ? '1 page' : `${count} pages`);
  if (total !== undefined && total > shown) return `Showing ${shown} of ${pages(total)} that match “${q}”`;
  return `${pages(shown)} in ${books === 1 ? '1 book' : `${books} books`} match “${q}”`;
}
