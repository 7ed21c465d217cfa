import type { Operation } from './operations.js';

/**
 * The method and path of each call the typed client makes, without the schemas: a page makes its requests without
 * building the contract's few hundred zod schemas (a quarter of a second of a phone's main thread). Kept in step
 * with the endpoint list by the compiler (every operation, nothing else) and by operation-routes.spec.ts (the same
 * method and path).
 */
export const OPERATION_ROUTES = {
  register: ['post', '/auth/register'],
  login: ['post', '/auth/login'],
  me: ['get', '/auth/me'],
  forgotPassword: ['post', '/auth/forgot-password'],
  resetPassword: ['post', '/auth/reset-password'],
  listBooks: ['get', '/books'],
  findBookBySource: ['get', '/books/by-source'],
  uploadBook: ['post', '/books/upload'],
  getBook: ['get', '/books/{id}'],
  deleteBook: ['delete', '/books/{id}'],
  listChapters: ['get', '/books/{id}/chapters'],
  getChapter: ['get', '/chapters/{id}'],
  summarizeBook: ['post', '/books/{id}/summarize'],
  getChapterPreparation: ['get', '/books/{id}/prepare'],
  prepareChapters: ['post', '/books/{id}/prepare'],
  summarizeChapter: ['post', '/chapters/{id}/summarize'],
  listTopics: ['get', '/chapters/{id}/topics'],
  extractTopics: ['post', '/chapters/{id}/topics'],
  explainTopic: ['post', '/topics/{id}/eli12'],
  generateAudio: ['post', '/audio/generate'],
  exportSummaryPdf: ['post', '/export/summary-pdf/{bookId}'],
  exportPptx: ['post', '/export/pptx/{bookId}'],
  searchBooks: ['get', '/search'],
  countSearchMatches: ['get', '/search/count'],
  answerQuestion: ['post', '/search/answer'],
  usage: ['get', '/billing/usage'],
  receipts: ['get', '/billing/receipts'],
  detectLocation: ['get', '/payments/detect-location'],
  createRazorpaySubscription: ['post', '/payments/razorpay/create-subscription'],
  verifyRazorpay: ['post', '/payments/razorpay/verify'],
  createPaypalSubscription: ['post', '/payments/paypal/create-subscription'],
  paymentStatus: ['get', '/payments/status/{session_id}'],
  contact: ['post', '/contact'],
  listApiTokens: ['get', '/tokens'],
  createApiToken: ['post', '/tokens'],
  revokeApiToken: ['delete', '/tokens/{id}'],
  listWebhooks: ['get', '/webhooks'],
  createWebhook: ['post', '/webhooks'],
  deleteWebhook: ['delete', '/webhooks/{id}'],
  sendWebhookTest: ['post', '/webhooks/{id}/test'],
  listWebhookDeliveries: ['get', '/webhooks/{id}/deliveries'],
  logout: ['post', '/auth/logout'],
  logoutEverywhere: ['post', '/auth/logout-everywhere'],
  exportAccount: ['get', '/account/export'],
  deleteAccount: ['delete', '/account'],
  updateProfile: ['patch', '/auth/me'],
  changePassword: ['post', '/auth/change-password'],
  cancelSubscription: ['post', '/billing/cancel-subscription'],
  generateFlashcards: ['post', '/chapters/{id}/flashcards'],
  listFlashcards: ['get', '/chapters/{id}/flashcards'],
  addFlashcard: ['post', '/chapters/{id}/flashcards/manual'],
  updateFlashcard: ['patch', '/flashcards/{id}'],
  deleteFlashcard: ['delete', '/flashcards/{id}'],
  dueFlashcards: ['get', '/books/{id}/flashcards/due'],
  libraryDueFlashcards: ['get', '/flashcards/due'],
  reviewFlashcard: ['post', '/flashcards/{id}/review'],
  exportFlashcards: ['get', '/books/{id}/flashcards/export'],
  createQuiz: ['post', '/chapters/{id}/quiz'],
  answerQuiz: ['post', '/quizzes/{id}/answers'],
  listQuizAttempts: ['get', '/chapters/{id}/quiz/attempts'],
  studyProgress: ['get', '/books/{id}/study-progress'],
  markSummaryRead: ['put', '/chapters/{id}/summary-read'],
  pageLabels: ['get', '/books/{id}/page-labels'],
  findInBook: ['get', '/books/{id}/find'],
  listHighlights: ['get', '/books/{id}/highlights'],
  createHighlight: ['post', '/books/{id}/highlights'],
  updateHighlight: ['patch', '/highlights/{id}'],
  deleteHighlight: ['delete', '/highlights/{id}'],
  notesMarkdown: ['get', '/books/{id}/notes.md'],
  explainSelection: ['post', '/books/{id}/explain'],
  renameChapter: ['patch', '/chapters/{id}'],
  mergeChapterWithNext: ['post', '/chapters/{id}/merge-next'],
  splitChapter: ['post', '/chapters/{id}/split'],
  deleteChapter: ['delete', '/chapters/{id}'],
  redetectChapters: ['post', '/books/{id}/redetect'],
} as const satisfies Record<Operation, readonly ['get' | 'post' | 'put' | 'patch' | 'delete', string]>;

/** The path of a call under /api, its parameters filled in: `pathOf('getBook', { id })` -> `/books/7f…`. */
export function pathOf(operation: Operation, params: Record<string, string> = {}): string {
  return OPERATION_ROUTES[operation][1].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
