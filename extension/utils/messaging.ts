import type {
  DueQueue,
  Flashcard,
  ReviewRating,
  AudioQuery,
  Book,
  BookListItem,
  BookSummaryAnswer,
  Chapter,
  SearchQuery,
  SearchResult,
  Today,
  Topic,
  User,
} from '@chapterwise/shared';
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { TabPdfState } from './pdf-url.js';
import type { Outcome } from './ui-error.js';

export interface SessionView {
  serverUrl: string;
  user: User | null;
  /** Why the user is signed out (expired token), or null. */
  notice: string | null;
}

export interface SendRequest {
  url: string;
  tabId?: number;
  windowId?: number;
}

export interface SentBook {
  bookId: string;
  reused: boolean;
}

/** A page citation clicked in the side panel: the physical page of a book, and the sentence it backs. */
export interface CitationRequest {
  bookId: string;
  page: number;
  cite?: string;
  /** The side panel's window: its tab showing the book's PDF is the one to turn. */
  windowId: number | null;
}

// Calls that can fail answer an Outcome rather than throwing, so the UI's message survives the message channel.
export interface ProtocolMap {
  getSession(): SessionView;
  signIn(credentials: { email: string; password: string }): Outcome<SessionView>;
  signOut(): SessionView;
  setServerUrl(serverUrl: string): Outcome<SessionView>;
  checkServer(): Outcome<{ reachable: true }>;

  inspectTab(tab: { tabId: number; url: string }): TabPdfState;
  sendPdf(request: SendRequest): Outcome<SentBook>;
  /** Switches the side panel of a window to a book (the popup's "Study it in the side panel"). */
  showBook(request: { bookId: string; windowId: number }): void;

  listBooks(): Outcome<BookListItem[]>;
  getBook(bookId: string): Outcome<Book>;
  listChapters(bookId: string): Outcome<Chapter[]>;
  summarizeBook(bookId: string): Outcome<BookSummaryAnswer>;
  getChapter(chapterId: string): Outcome<Chapter>;
  summarizeChapter(chapterId: string): Outcome<{ summary: string }>;
  listTopics(chapterId: string): Outcome<Topic[]>;
  extractTopics(chapterId: string): Outcome<Topic[]>;
  explainTopic(topicId: string): Outcome<{ eli12_summary: string }>;
  generateAudio(query: AudioQuery): Outcome<{ audio_url: string }>;
  /** Pages of the library matching the words, best first (snippets HTML-escaped with <mark>). */
  searchLibrary(query: Pick<SearchQuery, 'q' | 'book_id'>): Outcome<SearchResult[]>;
  dueFlashcards(bookId: string): Outcome<DueQueue>;
  reviewFlashcard(review: { id: string; rating: ReviewRating }): Outcome<Flashcard>;
  pageLabels(bookId: string): Outcome<{ labels: string[] }>;
  /** Today's reading and reviews for each upcoming exam (exam mode). */
  today(): Outcome<Today>;
  /** Opens a citation: the PDF tab of the book at `#page=N`, or else the book in the dashboard's reader. */
  openCitation(request: CitationRequest): Outcome<{ opened: 'pdf-tab' | 'reader' }>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>({
  // No console chatter in the shipped extension.
  logger: { debug() {}, log() {}, warn: console.warn, error: console.error },
});
