import type { PageMatch, PageSearchIndex } from './page-search.index.js';
import { termsOnPage } from './search-text.js';
import type { StoredPage } from './search.repository.js';

/** Pages asked of the engine per query: enough for re-ranking to lift an exact phrase into the top few. */
export const CANDIDATES = 40;

export interface RankedPage extends StoredPage {
  score: number;
  exactPhrase: boolean;
}

export const pageKey = (match: { bookId: string; page: number }) => `${match.bookId}:${match.page}`;

/**
 * Pages holding any of the terms, pages holding the phrase, and for a "what is" question pages where its term
 * is followed by "is" or "are" ("a working copy is"): in a book that uses a term on hundreds of pages, the page defining it is rarely
 * among the most relevant by word counts. The best relevance per page.
 */
export async function textMatches(
  index: PageSearchIndex,
  ownerId: string,
  phrase: readonly string[],
  terms: readonly string[],
  { bookId, limit, defined = [] }: { bookId?: string; limit: number; defined?: readonly string[] },
): Promise<PageMatch[]> {
  const found = await Promise.all([
    index.anyOf(ownerId, terms, { bookId, limit: Math.max(CANDIDATES, limit * 2) }),
    phrase.length > 1 ? index.phrase(ownerId, phrase, { bookId, limit }) : Promise.resolve([]),
    ...(defined.length > 0
      ? [
          [...defined, 'is'],
          [...defined, 'are'],
          [/^[aeiou]/.test(defined[0]!) ? 'an' : 'a', ...defined, 'is'],
        ].map((words) => index.phrase(ownerId, words, { bookId, limit: CANDIDATES / 2 }))
      : []),
  ]);
  return uniqueMatches(found.flat());
}

/**
 * Exact phrase first, then the share of the terms the page holds, then the engine's relevance (scaled to the best
 * match). A term counts more the fewer candidates hold it: "afghanistan" tells pages apart, "holmes" does not. For a
 * "what is" question, a page that defines its term (`defined`: "A working copy is …") comes before one using it.
 */
export function rankByText(
  pages: readonly StoredPage[],
  matches: readonly PageMatch[],
  phrase: readonly string[],
  terms: readonly string[],
  { defined = [] }: { defined?: readonly string[] } = {},
): RankedPage[] {
  const best = Math.max(...matches.map((match) => match.relevance), Number.EPSILON);
  const relevance = new Map(matches.map((match) => [pageKey(match), match.relevance / best]));
  const matched = pages
    .filter((page) => relevance.has(pageKey(page)))
    .map((page) => ({ page, ...termsOnPage(page.text, phrase, terms, defined) }));
  const holding = new Map(terms.map((term) => [term, matched.filter(({ found }) => found.includes(term)).length]));
  const weight = (term: string) => Math.log(1 + matched.length / Math.max(1, holding.get(term)!));
  const total = terms.reduce((sum, term) => sum + weight(term), 0) || 1;
  return matched
    .map(({ page, exactPhrase, defines, found }) => {
      const coverage = found.reduce((sum, term) => sum + weight(term), 0) / total;
      const definition = defined.length > 0 && defines ? 0.5 : 0;
      const score = (exactPhrase ? 1 : 0) + definition + 0.5 * coverage + 0.5 * relevance.get(pageKey(page))!;
      return { ...page, score, exactPhrase };
    })
    .sort((a, b) => b.score - a.score);
}

export function uniqueMatches(matches: readonly PageMatch[]): PageMatch[] {
  const seen = new Map<string, PageMatch>();
  for (const match of matches) {
    const existing = seen.get(pageKey(match));
    if (!existing || match.relevance > existing.relevance) seen.set(pageKey(match), match);
  }
  return [...seen.values()];
}
