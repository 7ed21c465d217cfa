import { type SearchAnswerRequest } from '@chapterwise/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, bookId: string | undefined) => [...searchKeys.all, 'results', { q, bookId }] as const,
  answer: () => [...searchKeys.all, 'answer'] as const,
};

export const searchQueries = {
  /** Pages of the user's completed books matching `q` (optionally in one book), best first. */
  results: (q: string, bookId?: string) =>
    queryOptions({
      queryKey: searchKeys.results(q, bookId),
      queryFn: () => api.searchBooks({ q, book_id: bookId }),
    }),
};

/** An answer is asked for once and shown from the mutation's own state; nothing cached goes stale. */
export function useAnswerQuestionMutation() {
  return useMutation({
    mutationKey: searchKeys.answer(),
    mutationFn: (request: SearchAnswerRequest) => api.answerQuestion(request),
  });
}
