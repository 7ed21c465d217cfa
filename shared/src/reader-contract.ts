import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { Eli12ResponseSchema } from './schemas/books.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';
import {
  CreateHighlightRequestSchema,
  ExplainSelectionRequestSchema,
  FindInBookQuerySchema,
  FindInBookResultSchema,
  HighlightListSchema,
  HighlightSchema,
  PageLabelsSchema,
  UpdateHighlightRequestSchema,
} from './schemas/highlights.schema.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });
const id = () => z.object({ id: z.uuid() });
const notFound = error('Not found, or not yours');

/** The reader: page labels, highlights and notes per page, and explaining a selected passage. */
export const READER_ENDPOINTS = [
  {
    method: 'get',
    path: '/books/{id}/page-labels',
    operation: 'pageLabels',
    tag: 'Reader',
    summary: 'The printed label of every page in page order (citations name labels; the reader opens pages)',
    auth: true,
    params: id(),
    responses: { 200: { description: 'Labels', schema: PageLabelsSchema }, 404: notFound },
  },
  {
    method: 'get',
    path: '/books/{id}/find',
    operation: 'findInBook',
    tag: 'Reader',
    summary:
      "Every occurrence of a word or phrase in the book's pages, in reading order (case and line breaks ignored)",
    auth: true,
    params: id(),
    query: FindInBookQuerySchema,
    responses: {
      200: { description: 'Occurrences', schema: FindInBookResultSchema },
      400: error('Empty, one-character or over-long search'),
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/books/{id}/highlights',
    operation: 'listHighlights',
    tag: 'Reader',
    summary: 'Your highlights and notes in this book, in page order',
    auth: true,
    params: id(),
    responses: { 200: { description: 'Highlights', schema: HighlightListSchema }, 404: notFound },
  },
  {
    method: 'post',
    path: '/books/{id}/highlights',
    operation: 'createHighlight',
    tag: 'Reader',
    summary: 'Highlight a passage of a page, with an optional note',
    auth: true,
    params: id(),
    body: CreateHighlightRequestSchema,
    responses: {
      201: { description: 'Highlight created', schema: HighlightSchema },
      400: error('Bad page, empty or over-long text or note'),
      404: notFound,
    },
  },
  {
    method: 'patch',
    path: '/highlights/{id}',
    operation: 'updateHighlight',
    tag: 'Reader',
    summary: "Change a highlight's note or colour",
    auth: true,
    params: id(),
    body: UpdateHighlightRequestSchema,
    responses: {
      200: { description: 'Highlight updated', schema: HighlightSchema },
      400: error('Over-long note or unknown colour'),
      404: notFound,
    },
  },
  {
    method: 'delete',
    path: '/highlights/{id}',
    operation: 'deleteHighlight',
    tag: 'Reader',
    summary: 'Delete a highlight and its note',
    auth: true,
    params: id(),
    responses: { 200: { description: 'Deleted', schema: z.object({ message: z.string() }) }, 404: notFound },
  },
  {
    method: 'get',
    path: '/books/{id}/notes.md',
    operation: 'notesMarkdown',
    tag: 'Reader',
    summary: 'Your highlights and notes in this book as Markdown, grouped by chapter with page labels',
    auth: true,
    params: id(),
    responses: {
      200: { description: 'Markdown file', schema: z.string(), contentType: 'text/markdown' },
      404: notFound,
    },
  },
  {
    method: 'post',
    path: '/books/{id}/explain',
    operation: 'explainSelection',
    tag: 'Study',
    summary: "Explain a selected passage like I'm 12 (uses the page and its neighbours as context)",
    auth: true,
    params: id(),
    body: ExplainSelectionRequestSchema,
    responses: {
      200: { description: 'Explanation', schema: Eli12ResponseSchema },
      400: error('Bad page, empty or over-long text'),
      404: notFound,
      409: error('The book is still being processed or failed'),
      429: error("Today's AI allowance is used up"),
      503: error('The AI service is not responding'),
    },
  },
] as const satisfies readonly Endpoint[];
