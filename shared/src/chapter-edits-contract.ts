import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { pageNumberSchema, userTextSchema } from './user-text.js';
import { BookListItemSchema, ChapterListSchema, ChapterSchema } from './schemas/books.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';

// The student fixes what detection got wrong: rename, merge with the next, split at a page, delete, re-run.

export const RenameChapterRequestSchema = z.object({
  title: userTextSchema({ error: 'Enter a title' })
    .trim()
    .min(1, 'Enter a title')
    .max(300, 'Keep the title under 300 characters'),
});
export type RenameChapterRequest = z.infer<typeof RenameChapterRequestSchema>;

export const SplitChapterRequestSchema = z.object({
  /** 1-based physical page where the new chapter begins (the PDF viewer's page number). */
  page: pageNumberSchema({
    invalid: 'Choose the page where the new chapter begins',
    whole: 'Choose a whole page number',
  }),
});
export type SplitChapterRequest = z.infer<typeof SplitChapterRequestSchema>;

/** DELETE /chapters/{id}: the book's chapters after the edit (numbered 1..n again). */
export const ChapterEditResultSchema = z.object({ message: z.string(), chapters: ChapterListSchema });
export type ChapterEditResult = z.infer<typeof ChapterEditResultSchema>;

const error = (description: string) => ({ description, schema: ErrorResponseSchema });
const id = z.object({ id: z.uuid() });
const notFound = error('Not found, or not yours');
const notReady = error('The book is still being processed or failed');
const edited = { description: "The book's chapters after the edit, numbered 1..n", schema: ChapterListSchema };

export const CHAPTER_EDIT_ENDPOINTS = [
  {
    method: 'patch',
    path: '/chapters/{id}',
    operation: 'renameChapter',
    tag: 'Library',
    summary: 'Rename a chapter (its summary and topics stay; cached exports are dropped)',
    auth: true,
    params: id,
    body: RenameChapterRequestSchema,
    responses: { 200: { description: 'Chapter', schema: ChapterSchema }, 400: error('Empty title'), 404: notFound },
  },
  {
    method: 'post',
    path: '/chapters/{id}/merge-next',
    operation: 'mergeChapterWithNext',
    tag: 'Library',
    summary: "Merge a chapter with the next one; the merged chapter's summary, topics and audio are dropped",
    auth: true,
    params: id,
    responses: { 200: edited, 400: error('The last chapter has no next one'), 404: notFound, 409: notReady },
  },
  {
    method: 'post',
    path: '/chapters/{id}/split',
    operation: 'splitChapter',
    tag: 'Library',
    summary: 'Split a chapter so that a new chapter begins at `page`; both lose their summary, topics and audio',
    auth: true,
    params: id,
    body: SplitChapterRequestSchema,
    responses: { 200: edited, 400: error('The page is not inside the chapter'), 404: notFound, 409: notReady },
  },
  {
    method: 'delete',
    path: '/chapters/{id}',
    operation: 'deleteChapter',
    tag: 'Library',
    summary: 'Delete a false chapter: its pages join the chapter before it (or after it, for the first)',
    auth: true,
    params: id,
    responses: {
      200: { description: 'Deleted', schema: ChapterEditResultSchema },
      400: error('A book keeps at least one chapter'),
      404: notFound,
      409: notReady,
    },
  },
  {
    method: 'post',
    path: '/books/{id}/redetect',
    operation: 'redetectChapters',
    tag: 'Library',
    summary: "Re-run chapter detection: the book is read again and its chapters (with the student's edits) replaced",
    auth: true,
    params: id,
    responses: {
      202: { description: 'Queued: poll GET /books/{id}', schema: BookListItemSchema },
      404: notFound,
      409: notReady,
    },
  },
] as const satisfies readonly Endpoint[];
