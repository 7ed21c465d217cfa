import { z } from 'zod';

/** Longest question or search the API accepts, in characters. */
export const SEARCH_QUERY_MAX_CHARS = 500;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** How far a search can be paged: results past this are rarely what a student looks for. */
export const SEARCH_MAX_OFFSET = 200;

const SearchText = z
  .string({ error: 'Type something to search for' })
  .trim()
  .min(1, 'Type something to search for')
  .max(SEARCH_QUERY_MAX_CHARS, `Searches can be at most ${SEARCH_QUERY_MAX_CHARS} characters long`);

export const SearchQuerySchema = z.object({
  q: SearchText,
  book_id: z.uuid('book_id must be the id of one of your books').optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(SEARCH_MAX_LIMIT, 'limit must be between 1 and 50')
    .default(SEARCH_DEFAULT_LIMIT),
  /** Results to skip, for "More": the next page of results starts here. */
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, `offset must be between 0 and ${SEARCH_MAX_OFFSET}`)
    .max(SEARCH_MAX_OFFSET, `offset must be between 0 and ${SEARCH_MAX_OFFSET}`)
    .default(0),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** GET /search/count: the query of a search, without paging. */
export const SearchCountQuerySchema = SearchQuerySchema.pick({ q: true, book_id: true });
export type SearchCountQuery = z.infer<typeof SearchCountQuerySchema>;

/** How many pages (and of how many books) hold the search's words, for "Showing 20 of 134 pages". */
export const SearchCountSchema = z.object({
  pages: z.number().int().min(0),
  books: z.number().int().min(0),
});
export type SearchCount = z.infer<typeof SearchCountSchema>;

export const SearchResultSchema = z.object({
  book_id: z.uuid(),
  book_title: z.string(),
  chapter_id: z.uuid().nullable(),
  chapter_title: z.string().nullable(),
  /** The number the book prints for that chapter ("2", "A"); null when unnumbered. */
  chapter_label: z.string().nullable().default(null),
  /** 1-based physical page: what a PDF viewer's `#page=N` opens. */
  page: z.number().int(),
  /** The page number printed on the page ("143", "xii"): what a student cites. */
  page_label: z.string(),
  snippet: z.string().describe('HTML-escaped text around the best match; matched words are wrapped in <mark>…</mark>'),
  score: z.number().describe('Relevance, higher is better; comparable within one response'),
});
export const SearchResultListSchema = z.array(SearchResultSchema);
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchAnswerRequestSchema = z.object({
  q: SearchText,
  book_id: z.uuid('book_id must be the id of one of your books').optional(),
});
export type SearchAnswerRequest = z.infer<typeof SearchAnswerRequestSchema>;

export const SearchCitationSchema = z.object({
  book_id: z.uuid(),
  book_title: z.string(),
  chapter_id: z.uuid().nullable(),
  page: z.number().int(),
  page_label: z.string(),
  quote: z.string().describe('The words of the page the answer relies on'),
});
export type SearchCitation = z.infer<typeof SearchCitationSchema>;

export const SearchAnswerSchema = z.object({
  answer: z.string().describe('Plain text; [n] refers to citations[n-1]'),
  citations: z.array(SearchCitationSchema),
  /** `llm` when a model wrote the answer from the passages, `extractive` when it quotes them (offline). */
  engine: z.enum(['llm', 'extractive']),
  /** False when the passages do not answer the question: `answer` says so and `citations` are the closest passages. */
  answered: z
    .boolean()
    .describe('False when the books do not answer the question; citations are then the closest passages'),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;
