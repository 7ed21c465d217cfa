import { z } from 'zod';
import { PLANS } from '../constants/plans.js';

/** Ingestion states, in order; `completed` shows green, everything else yellow with its text. */
export const BOOK_STATUSES = ['queued', 'extracting', 'ocr', 'detecting_chapters', 'completed', 'failed'] as const;
export const BookStatusSchema = z.enum(BOOK_STATUSES);
export type BookStatus = z.infer<typeof BookStatusSchema>;

export const BookListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: BookStatusSchema,
  total_pages: z.number().int(),
  progress: z.number().min(0).max(100),
  status_detail: z.string().nullable(),
  created_at: z.string(),
  /** GET /books only: the library card's details. */
  chapter_count: z.number().int().optional(),
  /** Short-lived signed link to the first page as a small PNG; null when no cover could be drawn. */
  cover_url: z.string().nullable().optional(),
  last_opened_at: z.string().nullable().optional(),
  /** Only on POST /books/upload: true when the same file was already in the library (200). */
  already_in_library: z.boolean().optional(),
});
export type BookListItem = z.infer<typeof BookListItemSchema>;
export const BookListSchema = z.array(BookListItemSchema);

/** GET /books/by-source: which of the user's books was sent from an address (the extension's tabs). */
export const BookBySourceQuerySchema = z.object({
  url: z
    .string({ error: 'url must be the address of a PDF' })
    .trim()
    .max(2000, 'url can be at most 2000 characters long')
    .regex(/^(https?|file):\/\//i, 'url must be the address of a PDF'),
});
export type BookBySourceQuery = z.infer<typeof BookBySourceQuerySchema>;
export const BookBySourceSchema = z.object({ book: BookListItemSchema.nullable() });
export type BookBySource = z.infer<typeof BookBySourceSchema>;

/** Whole-book summary work that outlasted a request (202 path). */
export const SummaryProgressSchema = z.object({
  status: z.enum(['generating', 'failed']),
  progress: z.number().min(0).max(100),
  error: z.string().nullable().optional(),
});
export type SummaryProgress = z.infer<typeof SummaryProgressSchema>;

export const BookSchema = BookListItemSchema.extend({
  /** Short-lived signed URL: it opens in a new tab, which carries no bearer header. */
  pdf_url: z.string(),
  full_summary: z.string().nullable(),
  /** Which engine wrote `full_summary`: 'offline' when the model's was unusable (as a chapter's `summary_engine`). */
  full_summary_engine: z.enum(['offline', 'llm']).nullable(),
  chapter_count: z.number().int(),
  error: z.string().nullable(),
  source_url: z.string().nullable(),
  /** Which engine wrote the summaries: offline results are extractive. */
  engine: z.enum(['offline', 'llm']),
  summary_job: SummaryProgressSchema.nullable(),
});
export type Book = z.infer<typeof BookSchema>;

export const ChapterSchema = z.object({
  id: z.string(),
  book_id: z.string(),
  chapter_number: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  /**
   * Which engine wrote `summary`: 'offline' (extractive) also with a model configured, when the model's notes for
   * the chapter were unusable twice; null when there is no summary or it was written before this was recorded
   * (then the book's `engine`).
   */
  summary_engine: z.enum(['offline', 'llm']).nullable(),
  start_page: z.number().int(),
  end_page: z.number().int(),
  /** Printed page labels of the first and last page ("xii", "143"). */
  start_label: z.string().nullable(),
  end_label: z.string().nullable(),
  detection_method: z.enum(['outline', 'toc', 'typography', 'auto']),
  /** The number the book prints for the chapter ("2", "IV", "A"), never repeated in `title`; null when unnumbered. */
  label: z.string().nullable(),
});
export type Chapter = z.infer<typeof ChapterSchema>;
export const ChapterListSchema = z.array(ChapterSchema);

export const TopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  eli12_summary: z.string().nullable(),
  pages: z.array(z.string()).default([]),
});
export type Topic = z.infer<typeof TopicSchema>;
export const TopicListSchema = z.array(TopicSchema);

export const SummaryResponseSchema = z.object({ summary: z.string() });
export type SummaryResponse = z.infer<typeof SummaryResponseSchema>;

/** POST /books/{id}/summarize answers 200 with the summary, or 202 while it keeps working. */
export const BookSummaryAcceptedSchema = z.object({ status: z.literal('generating'), progress: z.number() });
export type BookSummaryAccepted = z.infer<typeof BookSummaryAcceptedSchema>;
export type BookSummaryAnswer = SummaryResponse | BookSummaryAccepted;

/**
 * GET and POST /books/{id}/prepare (model engine only): every chapter's notes and topics as one job.
 * `estimate` is for the chapters not prepared yet: tokens by the project's token counter, and their
 * cost when the model's price is configured (else null).
 */
export const ChapterPreparationSchema = z.object({
  status: z.enum(['idle', 'running', 'done', 'failed']),
  chapters_done: z.number().int(),
  chapters_total: z.number().int(),
  error: z.string().nullable(),
  estimate: z.object({
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost_usd: z.number().nullable(),
  }),
});
export type ChapterPreparation = z.infer<typeof ChapterPreparationSchema>;

export const Eli12ResponseSchema = z.object({ eli12_summary: z.string() });
export type Eli12Response = z.infer<typeof Eli12ResponseSchema>;

/** The 403 answer of an upload over the monthly limit. */
export const UpgradeRequiredSchema = z.object({
  detail: z.string(),
  code: z.literal('UPGRADE_REQUIRED'),
  upgrade_required: z.literal(true),
  current_plan: z.enum(PLANS),
  limit: z.number().int(),
  used: z.number().int(),
  message: z.string(),
});
export type UpgradeRequired = z.infer<typeof UpgradeRequiredSchema>;

export const AudioQuerySchema = z.object({
  content_type: z.enum(['book', 'chapter', 'book_full']),
  content_id: z.string().min(1),
});
export type AudioQuery = z.infer<typeof AudioQuerySchema>;
export const AudioResponseSchema = z.object({ audio_url: z.string() });
export type AudioResponse = z.infer<typeof AudioResponseSchema>;

export const SummaryPdfResponseSchema = z.object({
  pdf_url: z.string(),
  target_pages: z.number().int(),
  original_pages: z.number().int(),
});
export type SummaryPdfResponse = z.infer<typeof SummaryPdfResponseSchema>;

export const PptxResponseSchema = z.object({
  pptx_url: z.string(),
  slides: z.number().int(),
  chapters_without_summary: z.array(z.string()),
});
export type PptxResponse = z.infer<typeof PptxResponseSchema>;
