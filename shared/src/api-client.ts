import { z } from 'zod';
import {
  AuthResponseSchema,
  ForgotPasswordResponseSchema,
  ResetPasswordResponseSchema,
  UserSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from './schemas/auth.schema.js';
import {
  AudioResponseSchema,
  BookListItemSchema,
  BookBySourceSchema,
  BookListSchema,
  BookSchema,
  BookSummaryAcceptedSchema,
  ChapterListSchema,
  ChapterSchema,
  Eli12ResponseSchema,
  PptxResponseSchema,
  SummaryPdfResponseSchema,
  SummaryResponseSchema,
  TopicListSchema,
  type AudioQuery,
} from './schemas/books.schema.js';
import {
  CreatedWebhookSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  type CreateWebhookRequest,
} from './schemas/webhooks.schema.js';
import { ApiTokenListSchema, CreatedApiTokenSchema, type CreateApiTokenRequest } from './schemas/api-tokens.schema.js';
import { MessageResponseSchema, type DeleteAccountRequest } from './schemas/account.schema.js';
import {
  CancelSubscriptionResponseSchema,
  type ChangePasswordRequest,
  type UpdateProfileRequest,
} from './profile-contract.js';
import {
  ChapterEditResultSchema,
  type RenameChapterRequest,
  type SplitChapterRequest,
} from './chapter-edits-contract.js';
import {
  ContactResponseSchema,
  LocationResponseSchema,
  PaymentResultSchema,
  PaymentStatusResponseSchema,
  PaypalSubscriptionResponseSchema,
  RazorpaySubscriptionResponseSchema,
  UsageSchema,
  ReceiptsResponseSchema,
  type ContactRequest,
  type PaidPlan,
  type RazorpayVerifyRequest,
} from './schemas/billing.schema.js';
import {
  HighlightListSchema,
  HighlightSchema,
  PageLabelsSchema,
  type CreateHighlightRequest,
  type ExplainSelectionRequest,
  type UpdateHighlightRequest,
} from './schemas/highlights.schema.js';
import {
  SearchAnswerSchema,
  SearchResultListSchema,
  type SearchAnswerRequest,
  type SearchQuery,
} from './schemas/search.schema.js';
import {
  DueQueueSchema,
  FlashcardListSchema,
  FlashcardSchema,
  QuizResultSchema,
  QuizSchema,
  StudyProgressSchema,
  type CreateFlashcardRequest,
  type QuizAnswersRequest,
  type ReviewRating,
  type UpdateFlashcardRequest,
} from './schemas/studio.schema.js';

/** An API call that answered with an error status; `detail` is the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly body: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The server's `detail` when there is one, otherwise the caller's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

export interface ApiClientOptions {
  /** Origin of the backend, '' for same-origin. */
  baseUrl: string;
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called on any 401, before the error is thrown (the dashboard logs out). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions<S extends z.ZodType> {
  body?: unknown;
  query?: Query;
  schema: S;
}

/** Typed client for the ChapterWise API, shared by the dashboard and the extension. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${this.options.baseUrl}/api${path}${qs ? `?${qs}` : ''}`;
  }

  async headers(json: boolean): Promise<Record<string, string>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (json) headers['Content-Type'] = 'application/json';
    const token = await this.options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  async request<S extends z.ZodType>(
    method: string,
    path: string,
    { body, query, schema }: RequestOptions<S>,
  ): Promise<z.infer<S>> {
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const response = await doFetch(this.url(path, query), {
      method,
      headers: await this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = await readJson(response);
    if (!response.ok) throw this.toError(response.status, payload);
    return schema.parse(payload);
  }

  /** Turns an error answer into an ApiError, signalling 401s to the owner of the session. */
  toError(status: number, payload: unknown): ApiError {
    if (status === 401) this.options.onUnauthorized?.();
    const detail =
      payload && typeof payload === 'object' && 'detail' in payload && typeof payload.detail === 'string'
        ? payload.detail
        : undefined;
    return new ApiError(status, detail, payload);
  }

  // --- accounts
  register(body: RegisterRequest) {
    return this.request('POST', '/auth/register', { body, schema: AuthResponseSchema });
  }
  login(body: LoginRequest) {
    return this.request('POST', '/auth/login', { body, schema: AuthResponseSchema });
  }
  me() {
    return this.request('GET', '/auth/me', { schema: UserSchema });
  }
  forgotPassword(body: ForgotPasswordRequest) {
    return this.request('POST', '/auth/forgot-password', { body, schema: ForgotPasswordResponseSchema });
  }
  resetPassword(body: ResetPasswordRequest) {
    return this.request('POST', '/auth/reset-password', { body, schema: ResetPasswordResponseSchema });
  }
  updateProfile(body: UpdateProfileRequest) {
    return this.request('PATCH', '/auth/me', { body, schema: UserSchema });
  }
  changePassword(body: ChangePasswordRequest) {
    return this.request('POST', '/auth/change-password', { body, schema: AuthResponseSchema });
  }
  cancelSubscription() {
    return this.request('POST', '/billing/cancel-subscription', { schema: CancelSubscriptionResponseSchema });
  }

  // --- library
  listBooks() {
    return this.request('GET', '/books', { schema: BookListSchema });
  }
  /** The user's book sent from `url` (its #fragment ignored), or null. */
  findBookBySource(url: string) {
    return this.request('GET', '/books/by-source', { query: { url }, schema: BookBySourceSchema });
  }
  getBook(id: string) {
    return this.request('GET', `/books/${encodeURIComponent(id)}`, { schema: BookSchema });
  }
  deleteBook(id: string) {
    return this.request('DELETE', `/books/${encodeURIComponent(id)}`, { schema: z.unknown() });
  }
  listChapters(bookId: string) {
    return this.request('GET', `/books/${encodeURIComponent(bookId)}/chapters`, { schema: ChapterListSchema });
  }
  getChapter(id: string) {
    return this.request('GET', `/chapters/${encodeURIComponent(id)}`, { schema: ChapterSchema });
  }

  /**
   * Uploads one PDF (multipart field `file`). Progress (0-100) is reported where the platform can
   * (XMLHttpRequest in pages; service workers fall back to fetch without progress).
   */
  async uploadBook(file: Blob, fileName: string, onProgress?: (percent: number) => void, sourceUrl?: string) {
    const form = new FormData();
    form.append('file', file, fileName);
    if (sourceUrl) form.append('source_url', sourceUrl);
    const url = this.url('/books/upload');
    const headers = await this.headers(false);
    if (typeof XMLHttpRequest === 'undefined' || !onProgress) {
      const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
      const response = await doFetch(url, { method: 'POST', headers, body: form });
      const payload = await readJson(response);
      if (!response.ok) throw this.toError(response.status, payload);
      onProgress?.(100);
      return BookListItemSchema.parse(payload);
    }
    const { status, payload } = await new Promise<{ status: number; payload: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => resolve({ status: xhr.status, payload: parseJson(xhr.responseText) });
      xhr.onerror = () => reject(new ApiError(0, undefined, undefined));
      xhr.send(form);
    });
    if (status < 200 || status >= 300) throw this.toError(status, payload);
    return BookListItemSchema.parse(payload);
  }

  // --- study
  /** 200 `{ summary }` when done within the request budget, otherwise 202 `{ status: 'generating', progress }`. */
  summarizeBook(id: string) {
    return this.request('POST', `/books/${encodeURIComponent(id)}/summarize`, {
      schema: z.union([SummaryResponseSchema, BookSummaryAcceptedSchema]),
    });
  }
  summarizeChapter(id: string) {
    return this.request('POST', `/chapters/${encodeURIComponent(id)}/summarize`, { schema: SummaryResponseSchema });
  }
  listTopics(chapterId: string) {
    return this.request('GET', `/chapters/${encodeURIComponent(chapterId)}/topics`, { schema: TopicListSchema });
  }
  extractTopics(chapterId: string) {
    return this.request('POST', `/chapters/${encodeURIComponent(chapterId)}/topics`, { schema: TopicListSchema });
  }
  explainTopic(topicId: string) {
    return this.request('POST', `/topics/${encodeURIComponent(topicId)}/eli12`, { schema: Eli12ResponseSchema });
  }

  // --- search inside the books
  /** Matching pages of the user's completed books, best first. */
  searchBooks(query: Pick<SearchQuery, 'q' | 'book_id'> & { limit?: number }) {
    return this.request('GET', '/search', { query, schema: SearchResultListSchema });
  }
  /** An answer from the best passages; `[n]` in it refers to `citations[n-1]`. */
  answerQuestion(body: SearchAnswerRequest) {
    return this.request('POST', '/search/answer', { body, schema: SearchAnswerSchema });
  }

  // --- audio and exports
  generateAudio(query: AudioQuery) {
    return this.request('POST', '/audio/generate', { query, schema: AudioResponseSchema });
  }
  exportSummaryPdf(bookId: string) {
    return this.request('POST', `/export/summary-pdf/${encodeURIComponent(bookId)}`, {
      schema: SummaryPdfResponseSchema,
    });
  }
  exportPptx(bookId: string) {
    return this.request('POST', `/export/pptx/${encodeURIComponent(bookId)}`, { schema: PptxResponseSchema });
  }

  // --- plans and payments
  usage() {
    return this.request('GET', '/billing/usage', { schema: UsageSchema });
  }
  receipts(query: { limit?: number } = {}) {
    return this.request('GET', '/billing/receipts', { query, schema: ReceiptsResponseSchema });
  }
  detectLocation() {
    return this.request('GET', '/payments/detect-location', { schema: LocationResponseSchema });
  }
  createRazorpaySubscription(plan: PaidPlan) {
    return this.request('POST', '/payments/razorpay/create-subscription', {
      body: { plan },
      schema: RazorpaySubscriptionResponseSchema,
    });
  }
  verifyRazorpay(body: RazorpayVerifyRequest) {
    return this.request('POST', '/payments/razorpay/verify', { body, schema: PaymentResultSchema });
  }
  createPaypalSubscription(plan: PaidPlan) {
    return this.request('POST', '/payments/paypal/create-subscription', {
      body: { plan },
      schema: PaypalSubscriptionResponseSchema,
    });
  }
  paymentStatus(sessionId: string) {
    return this.request('GET', `/payments/status/${encodeURIComponent(sessionId)}`, {
      schema: PaymentStatusResponseSchema,
    });
  }

  // --- personal API tokens (dashboard session only)
  listApiTokens() {
    return this.request('GET', '/tokens', { schema: ApiTokenListSchema });
  }
  createApiToken(body: CreateApiTokenRequest) {
    return this.request('POST', '/tokens', { body, schema: CreatedApiTokenSchema });
  }
  revokeApiToken(id: string) {
    return this.request('DELETE', `/tokens/${encodeURIComponent(id)}`, { schema: z.object({ message: z.string() }) });
  }

  // --- webhooks (Premium)
  listWebhooks() {
    return this.request('GET', '/webhooks', { schema: WebhookListSchema });
  }
  createWebhook(body: CreateWebhookRequest) {
    return this.request('POST', '/webhooks', { body, schema: CreatedWebhookSchema });
  }
  deleteWebhook(id: string) {
    return this.request('DELETE', `/webhooks/${encodeURIComponent(id)}`, { schema: z.object({ message: z.string() }) });
  }
  sendWebhookTest(id: string) {
    return this.request('POST', `/webhooks/${encodeURIComponent(id)}/test`, { schema: WebhookDeliverySchema });
  }
  listWebhookDeliveries(id: string) {
    return this.request('GET', `/webhooks/${encodeURIComponent(id)}/deliveries`, {
      schema: WebhookDeliveryListSchema,
    });
  }

  // --- contact
  contact(body: ContactRequest) {
    return this.request('POST', '/contact', { body, schema: ContactResponseSchema });
  }

  // --- sessions and the account's data (dashboard session only)
  logout() {
    return this.request('POST', '/auth/logout', { schema: MessageResponseSchema });
  }
  logoutEverywhere() {
    return this.request('POST', '/auth/logout-everywhere', { schema: MessageResponseSchema });
  }
  deleteAccount(body: DeleteAccountRequest) {
    return this.request('DELETE', '/account', { body, schema: MessageResponseSchema });
  }
  /** The user's data as a zip (account.json and every stored file). */
  async exportAccount(): Promise<Blob> {
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const response = await doFetch(this.url('/account/export'), { headers: await this.headers(false) });
    if (!response.ok) throw this.toError(response.status, await readJson(response));
    return response.blob();
  }
  // --- study studio
  generateFlashcards(chapterId: string) {
    return this.request('POST', `/chapters/${encodeURIComponent(chapterId)}/flashcards`, {
      schema: FlashcardListSchema,
    });
  }
  listFlashcards(chapterId: string) {
    return this.request('GET', `/chapters/${encodeURIComponent(chapterId)}/flashcards`, {
      schema: FlashcardListSchema,
    });
  }
  addFlashcard(chapterId: string, body: CreateFlashcardRequest) {
    return this.request('POST', `/chapters/${encodeURIComponent(chapterId)}/flashcards/manual`, {
      body,
      schema: FlashcardSchema,
    });
  }
  updateFlashcard(id: string, body: UpdateFlashcardRequest) {
    return this.request('PATCH', `/flashcards/${encodeURIComponent(id)}`, { body, schema: FlashcardSchema });
  }
  deleteFlashcard(id: string) {
    return this.request('DELETE', `/flashcards/${encodeURIComponent(id)}`, {
      schema: z.object({ message: z.string() }),
    });
  }
  dueFlashcards(bookId?: string) {
    const path = bookId ? `/books/${encodeURIComponent(bookId)}/flashcards/due` : '/flashcards/due';
    return this.request('GET', path, { schema: DueQueueSchema });
  }
  reviewFlashcard(id: string, rating: ReviewRating) {
    return this.request('POST', `/flashcards/${encodeURIComponent(id)}/review`, {
      body: { rating },
      schema: FlashcardSchema,
    });
  }
  /** The book's cards as a file (Anki package or CSV). */
  async exportFlashcards(bookId: string, format: 'apkg' | 'csv'): Promise<Blob> {
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const response = await doFetch(this.url(`/books/${encodeURIComponent(bookId)}/flashcards/export`, { format }), {
      headers: await this.headers(false),
    });
    if (!response.ok) throw this.toError(response.status, await readJson(response));
    return response.blob();
  }
  createQuiz(chapterId: string) {
    return this.request('POST', `/chapters/${encodeURIComponent(chapterId)}/quiz`, { schema: QuizSchema });
  }
  answerQuiz(quizId: string, body: QuizAnswersRequest) {
    return this.request('POST', `/quizzes/${encodeURIComponent(quizId)}/answers`, { body, schema: QuizResultSchema });
  }
  studyProgress(bookId: string) {
    return this.request('GET', `/books/${encodeURIComponent(bookId)}/study-progress`, { schema: StudyProgressSchema });
  }
  // --- reader: page labels, highlights and notes, explaining a selection
  pageLabels(bookId: string) {
    return this.request('GET', `/books/${encodeURIComponent(bookId)}/page-labels`, { schema: PageLabelsSchema });
  }
  listHighlights(bookId: string) {
    return this.request('GET', `/books/${encodeURIComponent(bookId)}/highlights`, { schema: HighlightListSchema });
  }
  createHighlight(bookId: string, body: CreateHighlightRequest) {
    return this.request('POST', `/books/${encodeURIComponent(bookId)}/highlights`, { body, schema: HighlightSchema });
  }
  updateHighlight(id: string, body: UpdateHighlightRequest) {
    return this.request('PATCH', `/highlights/${encodeURIComponent(id)}`, { body, schema: HighlightSchema });
  }
  deleteHighlight(id: string) {
    return this.request('DELETE', `/highlights/${encodeURIComponent(id)}`, {
      schema: z.object({ message: z.string() }),
    });
  }
  explainSelection(bookId: string, body: ExplainSelectionRequest) {
    return this.request('POST', `/books/${encodeURIComponent(bookId)}/explain`, { body, schema: Eli12ResponseSchema });
  }
  /** The book's highlights and notes as a Markdown document. */
  async notesMarkdown(bookId: string): Promise<string> {
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers = await this.headers(false);
    headers.Accept = 'text/markdown';
    const response = await doFetch(this.url(`/books/${encodeURIComponent(bookId)}/notes.md`), { headers });
    const text = await response.text();
    if (!response.ok) throw this.toError(response.status, parseJson(text));
    return text;
  }
  // --- chapter edits
  renameChapter(id: string, body: RenameChapterRequest) {
    return this.request('PATCH', `/chapters/${encodeURIComponent(id)}`, { body, schema: ChapterSchema });
  }
  mergeChapterWithNext(id: string) {
    return this.request('POST', `/chapters/${encodeURIComponent(id)}/merge-next`, { schema: ChapterListSchema });
  }
  splitChapter(id: string, body: SplitChapterRequest) {
    return this.request('POST', `/chapters/${encodeURIComponent(id)}/split`, { body, schema: ChapterListSchema });
  }
  deleteChapter(id: string) {
    return this.request('DELETE', `/chapters/${encodeURIComponent(id)}`, { schema: ChapterEditResultSchema });
  }
  redetectChapters(bookId: string) {
    return this.request('POST', `/books/${encodeURIComponent(bookId)}/redetect`, { schema: BookListItemSchema });
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { detail: text };
  }
}
