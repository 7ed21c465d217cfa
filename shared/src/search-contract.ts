import type { Endpoint } from './endpoint.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';
import {
  SearchAnswerRequestSchema,
  SearchAnswerSchema,
  SearchCountQuerySchema,
  SearchCountSchema,
  SearchQuerySchema,
  SearchResultListSchema,
} from './schemas/search.schema.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });

/** Full-text search inside the signed-in user's completed books, and answers with page citations. */
export const SEARCH_ENDPOINTS = [
  {
    method: 'get',
    path: '/search',
    operation: 'searchBooks',
    tag: 'Search',
    summary:
      "Pages of the user's books that match `q`, best first (exact phrases rank first); `offset` pages through them",
    auth: true,
    query: SearchQuerySchema,
    responses: {
      200: { description: 'Matching pages', schema: SearchResultListSchema },
      400: error('Empty or over-long query, or a bad limit or offset'),
      404: error('book_id is not one of your books'),
    },
  },
  {
    method: 'get',
    path: '/search/count',
    operation: 'countSearchMatches',
    tag: 'Search',
    summary: "How many pages of the user's books (and of how many books) hold the words of `q`",
    auth: true,
    query: SearchCountQuerySchema,
    responses: {
      200: { description: 'Pages and books that match', schema: SearchCountSchema },
      400: error('Empty or over-long query'),
      404: error('book_id is not one of your books'),
    },
  },
  {
    method: 'post',
    path: '/search/answer',
    operation: 'answerQuestion',
    tag: 'Search',
    summary:
      'An answer to a question from the best passages, every claim cited by page (written by the model when one is configured, quoted from the passages otherwise)',
    auth: true,
    body: SearchAnswerRequestSchema,
    responses: {
      200: { description: 'Answer with citations', schema: SearchAnswerSchema },
      400: error('Empty or over-long question'),
      404: error('book_id is not one of your books'),
      429: error("Today's AI allowance is used up"),
      503: error('The AI service is not responding'),
    },
  },
] as const satisfies readonly Endpoint[];
