import { z } from 'zod';
import { pageNumberSchema, userTextSchema } from '../user-text.js';

/** Longest highlighted passage, note and selection to explain, in characters. */
export const HIGHLIGHT_TEXT_MAX_CHARS = 2000;
export const HIGHLIGHT_NOTE_MAX_CHARS = 5000;
export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;

const PageNumber = pageNumberSchema();

const PassageText = userTextSchema({ error: 'Select some text first', multiline: true })
  .trim()
  .min(1, 'Select some text first')
  .max(HIGHLIGHT_TEXT_MAX_CHARS, `A highlight can be at most ${HIGHLIGHT_TEXT_MAX_CHARS} characters long`);

const NoteText = userTextSchema({ multiline: true })
  .trim()
  .max(HIGHLIGHT_NOTE_MAX_CHARS, `A note can be at most ${HIGHLIGHT_NOTE_MAX_CHARS} characters long`);

export const HighlightSchema = z.object({
  id: z.uuid(),
  book_id: z.uuid(),
  page: z.number().int(),
  /** The label printed on that page ("143", "xii"). */
  page_label: z.string(),
  chapter_id: z.uuid().nullable(),
  text: z.string(),
  note: z.string().nullable(),
  color: z.enum(HIGHLIGHT_COLORS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Highlight = z.infer<typeof HighlightSchema>;
export const HighlightListSchema = z.array(HighlightSchema);

export const CreateHighlightRequestSchema = z.object({
  page: PageNumber,
  text: PassageText,
  note: NoteText.optional(),
  color: z.enum(HIGHLIGHT_COLORS).optional(),
});
export type CreateHighlightRequest = z.infer<typeof CreateHighlightRequestSchema>;

export const UpdateHighlightRequestSchema = z
  .object({ note: NoteText.nullable().optional(), color: z.enum(HIGHLIGHT_COLORS).optional() })
  .refine((body) => body.note !== undefined || body.color !== undefined, 'Change the note or the colour');
export type UpdateHighlightRequest = z.infer<typeof UpdateHighlightRequestSchema>;

/** POST /books/{id}/explain: an ELI12 explanation of a passage the student selected. */
export const ExplainSelectionRequestSchema = z.object({ page: PageNumber, text: PassageText });
export type ExplainSelectionRequest = z.infer<typeof ExplainSelectionRequestSchema>;

/** GET /books/{id}/page-labels: the printed label of every page, in page order. */
export const PageLabelsSchema = z.object({ labels: z.array(z.string()) });
export type PageLabels = z.infer<typeof PageLabelsSchema>;

/** Most occurrences one find-in-book answer lists; `total` still counts them all. */
export const FIND_IN_BOOK_MAX_MATCHES = 1000;

/** GET /books/{id}/find?q=: where a word or phrase occurs in the book's stored page text. */
export const FindInBookQuerySchema = z.object({
  q: z
    .string({ error: 'Type a word or phrase to find' })
    .trim()
    .min(2, 'Type at least 2 characters to find')
    .max(200, 'A search can be at most 200 characters long'),
});
export type FindInBookQuery = z.infer<typeof FindInBookQuerySchema>;

export const FindInBookResultSchema = z.object({
  query: z.string(),
  /** Every occurrence in the book (case and line breaks ignored). */
  total: z.number().int(),
  /** Occurrences in reading order, at most FIND_IN_BOOK_MAX_MATCHES. */
  matches: z.array(
    z.object({
      page: z.number().int(),
      page_label: z.string(),
      /** Which occurrence on its page this is, from 0. */
      index_on_page: z.number().int(),
      snippet: z.string(),
    }),
  ),
});
export type FindInBookResult = z.infer<typeof FindInBookResultSchema>;
