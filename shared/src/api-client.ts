import type { z } from 'zod';
import { OPERATION_ROUTES, pathOf } from './operation-routes.js';
import type { Operation, OperationResult } from './operations.js';
import {
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from './schemas/auth.schema.js';
import { type AudioQuery } from './schemas/books.schema.js';
import { type CreateWebhookRequest } from './schemas/webhooks.schema.js';
import { type CreateApiTokenRequest } from './schemas/api-tokens.schema.js';
import { type DeleteAccountRequest } from './schemas/account.schema.js';
import { type ChangePasswordRequest, type UpdateProfileRequest } from './profile-contract.js';
import { type RenameChapterRequest, type SplitChapterRequest } from './chapter-edits-contract.js';
import { type ContactRequest, type PaidPlan, type RazorpayVerifyRequest } from './schemas/billing.schema.js';
import {
  type CreateHighlightRequest,
  type ExplainSelectionRequest,
  type UpdateHighlightRequest,
} from './schemas/highlights.schema.js';
import { type SearchAnswerRequest, type SearchCountQuery, type SearchQuery } from './schemas/search.schema.js';
import {
  type CreateFlashcardRequest,
  type QuizAnswersRequest,
  type ReviewRating,
  type UpdateFlashcardRequest,
} from './schemas/studio.schema.js';
import {
  type CreateExamRequest,
  type CreatePracticeRequest,
  type CreateQuestionRequest,
  type FlagQuestionRequest,
  type PracticeAnswersRequest,
  type QuestionBankQuery,
  type UpdateExamRequest,
  type UpdateQuestionRequest,
} from './exams-contract.js';
import { ApiError } from './api-error.js';

// Kept apart so pages that only show errors do not load the client and its schemas.
export { ApiError, errorMessage } from './api-error.js';

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called on any 401, before the error is thrown (the dashboard logs out). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /**
   * Checks each answer against the contract (`successSchemaOf`): a call that answers otherwise fails. Left out, the
   * client trusts its server and never builds the schemas, which the server's own checks and tests hold it to.
   */
  responseSchemaOf?: (operation: Operation) => z.ZodType;
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  body?: unknown;
  query?: Query;
  operation: Operation;
}

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

  private doFetch(url: string, init: RequestInit): Promise<Response> {
    return (this.options.fetch ?? globalThis.fetch.bind(globalThis))(url, init);
  }

  /** A GET whose answer is a file rather than JSON; errors still come as JSON. */
  private async download(url: string, accept?: string): Promise<Response> {
    const headers = await this.headers(false);
    if (accept) headers.Accept = accept;
    const response = await this.doFetch(url, { headers });
    if (!response.ok) throw this.toError(response.status, await readJson(response));
    return response;
  }

  async request(method: string, path: string, { body, query, operation }: RequestOptions): Promise<unknown> {
    const response = await this.doFetch(this.url(path, query), {
      method,
      headers: await this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = await readJson(response);
    if (!response.ok) throw this.toError(response.status, payload);
    return this.checked(operation, payload);
  }

  /** The answer, parsed by the contract when the client checks answers. */
  private checked(operation: Operation, payload: unknown): unknown {
    return this.options.responseSchemaOf ? this.options.responseSchemaOf(operation).parse(payload) : payload;
  }

  send<O extends Operation>(
    operation: O,
    { params, query, body }: { params?: Record<string, string>; query?: Query; body?: unknown } = {},
  ): Promise<OperationResult<O>> {
    const [method] = OPERATION_ROUTES[operation];
    return this.request(method.toUpperCase(), pathOf(operation, params), {
      body,
      query,
      operation,
    }) as Promise<OperationResult<O>>;
  }

  toError(status: number, payload: unknown): ApiError {
    if (status === 401) this.options.onUnauthorized?.();
    const detail =
      payload && typeof payload === 'object' && 'detail' in payload && typeof payload.detail === 'string'
        ? payload.detail
        : undefined;
    return new ApiError(status, detail, payload);
  }

  register(body: RegisterRequest) {
    return this.send('register', { body });
  }
  login(body: LoginRequest) {
    return this.send('login', { body });
  }
  me() {
    return this.send('me');
  }
  forgotPassword(body: ForgotPasswordRequest) {
    return this.send('forgotPassword', { body });
  }
  resetPassword(body: ResetPasswordRequest) {
    return this.send('resetPassword', { body });
  }
  updateProfile(body: UpdateProfileRequest) {
    return this.send('updateProfile', { body });
  }
  changePassword(body: ChangePasswordRequest) {
    return this.send('changePassword', { body });
  }
  cancelSubscription() {
    return this.send('cancelSubscription');
  }

  listBooks() {
    return this.send('listBooks');
  }
  findBookBySource(url: string) {
    return this.send('findBookBySource', { query: { url } });
  }
  getBook(id: string) {
    return this.send('getBook', { params: { id } });
  }
  deleteBook(id: string) {
    return this.send('deleteBook', { params: { id } });
  }
  listChapters(bookId: string) {
    return this.send('listChapters', { params: { id: bookId } });
  }
  getChapter(id: string) {
    return this.send('getChapter', { params: { id } });
  }

  /** Progress where the platform can (XMLHttpRequest); service workers fall back to fetch without it. */
  async uploadBook(file: Blob, fileName: string, onProgress?: (percent: number) => void, sourceUrl?: string) {
    const form = new FormData();
    form.append('file', file, fileName);
    if (sourceUrl) form.append('source_url', sourceUrl);
    const url = this.url(pathOf('uploadBook'));
    const headers = await this.headers(false);
    if (typeof XMLHttpRequest === 'undefined' || !onProgress) {
      const response = await this.doFetch(url, { method: 'POST', headers, body: form });
      const payload = await readJson(response);
      if (!response.ok) throw this.toError(response.status, payload);
      onProgress?.(100);
      return this.checked('uploadBook', payload) as OperationResult<'uploadBook'>;
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
    return this.checked('uploadBook', payload) as OperationResult<'uploadBook'>;
  }

  /** 200 `{ summary }` when done within the request budget, otherwise 202 `{ status: 'generating', progress }`. */
  summarizeBook(id: string) {
    return this.send('summarizeBook', { params: { id } });
  }
  /** Progress of "Prepare all chapters" and the estimated tokens (and cost) of what is left. */
  getChapterPreparation(bookId: string) {
    return this.send('getChapterPreparation', { params: { id: bookId } });
  }
  /** Starts preparing every chapter's notes and topics with the model (202); poll getChapterPreparation. */
  prepareChapters(bookId: string) {
    return this.send('prepareChapters', { params: { id: bookId } });
  }
  summarizeChapter(id: string) {
    return this.send('summarizeChapter', { params: { id } });
  }
  listTopics(chapterId: string) {
    return this.send('listTopics', { params: { id: chapterId } });
  }
  extractTopics(chapterId: string) {
    return this.send('extractTopics', { params: { id: chapterId } });
  }
  explainTopic(topicId: string) {
    return this.send('explainTopic', { params: { id: topicId } });
  }

  searchBooks(query: Pick<SearchQuery, 'q' | 'book_id'> & { limit?: number; offset?: number }) {
    return this.send('searchBooks', { query });
  }

  countSearchMatches(query: SearchCountQuery) {
    return this.send('countSearchMatches', { query });
  }
  /** An answer from the best passages; `[n]` in it refers to `citations[n-1]`. */
  answerQuestion(body: SearchAnswerRequest) {
    return this.send('answerQuestion', { body });
  }

  generateAudio(query: AudioQuery) {
    return this.send('generateAudio', { query });
  }
  exportSummaryPdf(bookId: string) {
    return this.send('exportSummaryPdf', { params: { bookId } });
  }
  exportPptx(bookId: string) {
    return this.send('exportPptx', { params: { bookId } });
  }

  usage() {
    return this.send('usage');
  }
  detectLocation() {
    return this.send('detectLocation');
  }
  createRazorpaySubscription(plan: PaidPlan) {
    return this.send('createRazorpaySubscription', { body: { plan } });
  }
  verifyRazorpay(body: RazorpayVerifyRequest) {
    return this.send('verifyRazorpay', { body });
  }
  createPaypalSubscription(plan: PaidPlan) {
    return this.send('createPaypalSubscription', { body: { plan } });
  }
  paymentStatus(sessionId: string) {
    return this.send('paymentStatus', { params: { session_id: sessionId } });
  }

  receipts(query: { limit?: number } = {}) {
    return this.send('receipts', { query });
  }

  listApiTokens() {
    return this.send('listApiTokens');
  }
  createApiToken(body: CreateApiTokenRequest) {
    return this.send('createApiToken', { body });
  }
  revokeApiToken(id: string) {
    return this.send('revokeApiToken', { params: { id } });
  }

  listWebhooks() {
    return this.send('listWebhooks');
  }
  createWebhook(body: CreateWebhookRequest) {
    return this.send('createWebhook', { body });
  }
  deleteWebhook(id: string) {
    return this.send('deleteWebhook', { params: { id } });
  }
  sendWebhookTest(id: string) {
    return this.send('sendWebhookTest', { params: { id } });
  }
  listWebhookDeliveries(id: string) {
    return this.send('listWebhookDeliveries', { params: { id } });
  }

  contact(body: ContactRequest) {
    return this.send('contact', { body });
  }

  logout() {
    return this.send('logout');
  }
  logoutEverywhere() {
    return this.send('logoutEverywhere');
  }
  deleteAccount(body: DeleteAccountRequest) {
    return this.send('deleteAccount', { body });
  }
  async exportAccount(): Promise<Blob> {
    return (await this.download(this.url(pathOf('exportAccount')))).blob();
  }
  generateFlashcards(chapterId: string) {
    return this.send('generateFlashcards', { params: { id: chapterId } });
  }
  listFlashcards(chapterId: string) {
    return this.send('listFlashcards', { params: { id: chapterId } });
  }
  addFlashcard(chapterId: string, body: CreateFlashcardRequest) {
    return this.send('addFlashcard', { params: { id: chapterId }, body });
  }
  updateFlashcard(id: string, body: UpdateFlashcardRequest) {
    return this.send('updateFlashcard', { params: { id }, body });
  }
  deleteFlashcard(id: string) {
    return this.send('deleteFlashcard', { params: { id } });
  }
  dueFlashcards(bookId?: string) {
    return bookId ? this.send('dueFlashcards', { params: { id: bookId } }) : this.send('libraryDueFlashcards');
  }
  reviewFlashcard(id: string, rating: ReviewRating) {
    return this.send('reviewFlashcard', { params: { id }, body: { rating } });
  }
  async exportFlashcards(bookId: string, format: 'apkg' | 'csv'): Promise<Blob> {
    return (await this.download(this.url(pathOf('exportFlashcards', { id: bookId }), { format }))).blob();
  }
  createQuiz(chapterId: string) {
    return this.send('createQuiz', { params: { id: chapterId } });
  }
  answerQuiz(quizId: string, body: QuizAnswersRequest) {
    return this.send('answerQuiz', { params: { id: quizId }, body });
  }
  /** Graded attempts at the chapter's quizzes, newest first. */
  listQuizAttempts(chapterId: string) {
    return this.send('listQuizAttempts', { params: { id: chapterId } });
  }
  studyProgress(bookId: string) {
    return this.send('studyProgress', { params: { id: bookId } });
  }
  pageLabels(bookId: string) {
    return this.send('pageLabels', { params: { id: bookId } });
  }
  listHighlights(bookId: string) {
    return this.send('listHighlights', { params: { id: bookId } });
  }
  createHighlight(bookId: string, body: CreateHighlightRequest) {
    return this.send('createHighlight', { params: { id: bookId }, body });
  }
  updateHighlight(id: string, body: UpdateHighlightRequest) {
    return this.send('updateHighlight', { params: { id }, body });
  }
  deleteHighlight(id: string) {
    return this.send('deleteHighlight', { params: { id } });
  }
  explainSelection(bookId: string, body: ExplainSelectionRequest) {
    return this.send('explainSelection', { params: { id: bookId }, body });
  }
  async notesMarkdown(bookId: string): Promise<string> {
    return (await this.download(this.url(pathOf('notesMarkdown', { id: bookId })), 'text/markdown')).text();
  }
  markSummaryRead(chapterId: string, read = true) {
    return this.send('markSummaryRead', { params: { id: chapterId }, body: { read } });
  }
  findInBook(bookId: string, q: string) {
    return this.send('findInBook', { params: { id: bookId }, query: { q } });
  }
  renameChapter(id: string, body: RenameChapterRequest) {
    return this.send('renameChapter', { params: { id }, body });
  }
  mergeChapterWithNext(id: string) {
    return this.send('mergeChapterWithNext', { params: { id } });
  }
  splitChapter(id: string, body: SplitChapterRequest) {
    return this.send('splitChapter', { params: { id }, body });
  }
  deleteChapter(id: string) {
    return this.send('deleteChapter', { params: { id } });
  }
  redetectChapters(bookId: string) {
    return this.send('redetectChapters', { params: { id: bookId } });
  }

  createExam(body: CreateExamRequest) {
    return this.send('createExam', { body });
  }
  listExams() {
    return this.send('listExams');
  }
  getExam(id: string) {
    return this.send('getExam', { params: { id } });
  }
  updateExam(id: string, body: UpdateExamRequest) {
    return this.send('updateExam', { params: { id }, body });
  }
  deleteExam(id: string) {
    return this.send('deleteExam', { params: { id } });
  }
  examPlan(id: string) {
    return this.send('examPlan', { params: { id } });
  }
  /** The plan as an .ics file (text/calendar). */
  async examCalendar(id: string): Promise<Blob> {
    return (await this.download(this.url(pathOf('examCalendar', { id })), 'text/calendar')).blob();
  }
  examReadiness(id: string) {
    return this.send('examReadiness', { params: { id } });
  }
  /** Today's reading and reviews for every upcoming exam. */
  today() {
    return this.send('today');
  }
  createPractice(examId: string, body: CreatePracticeRequest) {
    return this.send('createPractice', { params: { id: examId }, body });
  }
  /** The exam's practice attempts, newest first. */
  listPractice(examId: string) {
    return this.send('listPractice', { params: { id: examId } });
  }
  getPractice(id: string) {
    return this.send('getPractice', { params: { id } });
  }
  answerPractice(id: string, body: PracticeAnswersRequest) {
    return this.send('answerPractice', { params: { id }, body });
  }
  listQuestions(bookId: string, query: QuestionBankQuery = {}) {
    return this.send('listQuestions', { params: { id: bookId }, query });
  }
  addQuestion(bookId: string, body: CreateQuestionRequest) {
    return this.send('addQuestion', { params: { id: bookId }, body });
  }
  updateQuestion(id: string, body: UpdateQuestionRequest) {
    return this.send('updateQuestion', { params: { id }, body });
  }
  flagQuestion(id: string, body: FlagQuestionRequest = {}) {
    return this.send('flagQuestion', { params: { id }, body });
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
