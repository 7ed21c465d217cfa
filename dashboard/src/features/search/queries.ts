import { SEARCH_DEFAULT_LIMIT, type SearchAnswerRequest } from '@chapterwise/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, bookId: string | undefined) => [...searchKeys.all, 'results', { q, bookId }] as const,
  more: (q: string, bookId: string | undefined, offset: number) =>
    [...searchKeys.results(q, bookId), 'offset', offset] as const,
  count: (q: string, bookId: string | undefined) => [...searchKeys.all, 'count', { q, bookId }] as const,
  answer: () => [...searchKeys.all, 'answer'] as const,
};

export const searchQueries = {
  /** Pages of the user's completed books matching `q` (optionally in one book), best first. */
  results: (q: string, bookId?: string) =>
    queryOptions({
      queryKey: searchKeys.results(q, bookId),
      queryFn: () => api.searchBooks({ q, book_id: bookId }),
    }),
  /** The results after the first `offset` ("More"): pages of SEARCH_DEFAULT_LIMIT. */
  more: (q: string, bookId: string | undefined, offset: number) =>
    queryOptions({
      queryKey: searchKeys.more(q, bookId, offset),
      queryFn: () => api.searchBooks({ q, book_id: bookId, offset, limit: SEARCH_DEFAULT_LIMIT }),
    }),
  /** How many pages hold the search's words in all, for "Showing 20 of 134 pages". */
  count: (q: string, bookId?: string) =>
    queryOptions({
      queryKey: searchKeys.count(q, bookId),
      queryFn: () => api.countSearchMatches({ q, book_id: bookId }),
    }),
};

/** An answer is asked for once and shown from the mutation's own state; nothing cached goes stale. */
export function useAnswerQuestionMutation() {
  return useMutation({
    mutationKey: searchKeys.answer(),
    mutationFn: (request: SearchAnswerRequest) => api.answerQuestion(request),
  });
}
