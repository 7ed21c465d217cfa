import type { Chapter, Topic, User } from '@chapterwise/shared';
import { storage } from 'wxt/utils/storage';
import type { TabPdfState } from './pdf-url.js';
import type { UiError } from './ui-error.js';

export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** Origin of the ChapterWise backend (the API lives under /api, the dashboard at its root). */
export const serverUrlItem = storage.defineItem<string>('local:serverUrl', { fallback: DEFAULT_SERVER_URL });

// Read only by the background, which alone talks to the backend (EXT-1: never handed to web pages).
export const authTokenItem = storage.defineItem<string | null>('local:authToken', { fallback: null });

export const signedInUserItem = storage.defineItem<User | null>('local:signedInUser', { fallback: null });

/** Why the user was signed out (expired token), shown until they sign in again. */
export const authNoticeItem = storage.defineItem<string | null>('local:authNotice', { fallback: null });

/** Chapter notes as last read, readable while the server is down (newest first, a few per account). */
export interface SavedChapter {
  userId: string;
  chapter: Chapter;
  topics: Topic[];
  savedAt: number;
}

export const savedChaptersItem = storage.defineItem<SavedChapter[]>('local:savedChapters', { fallback: [] });

export type SendPhase = 'downloading' | 'uploading' | 'done' | 'failed';

export interface SendProgress {
  sourceUrl: string;
  phase: SendPhase;
  /** 0-100, or null while the platform cannot measure it (fetch uploads in a service worker). */
  percent: number | null;
  bookId?: string;
  reused?: boolean;
  error?: UiError;
  at: number;
}

export const sendProgressItem = storage.defineItem<SendProgress | null>('session:sendProgress', { fallback: null });

export interface PanelFocus {
  bookId: string;
  /** The window whose side panel should switch; null for every window. */
  windowId: number | null;
  at: number;
}

/** Written by the background when the side panel should show a book (sent, or its PDF tab activated). */
export const panelFocusItem = storage.defineItem<PanelFocus | null>('session:panelFocus', { fallback: null });

export interface ActiveTabPdf {
  tabId: number;
  state: TabPdfState;
  at: number;
}

/** What the active tab of each window shows, keyed by window id; the side panel offers to send it. */
export const activeTabsItem = storage.defineItem<Record<string, ActiveTabPdf>>('session:activeTabs', { fallback: {} });
