import { MESSAGES, type AudioQuery, type SearchQuery } from '@chapterwise/shared';
import { storeAudio } from '@/utils/audio-cache.js';
import type { Outcome } from '@/utils/ui-error.js';
import { fixedText, serverDetailOr, type BackendSession } from './backend-session.js';
import type { BookLocator } from './book-locator.js';

export class LibraryService {
  constructor(
    private readonly session: BackendSession,
    private readonly locator: BookLocator,
  ) {}

  listBooks() {
    return this.session.call((api) => api.listBooks(), fixedText(MESSAGES.loadBooksFailed));
  }

  async getBook(bookId: string) {
    const outcome = await this.session.call(async (api) => {
      const book = await api.getBook(bookId);
      return { ...book, pdf_url: await this.absolute(book.pdf_url) };
    }, fixedText(MESSAGES.loadBookFailed));
    // Books sent from the dashboard with a source address switch the panel too once seen here.
    if (outcome.ok && outcome.value.source_url) await this.locator.remember(outcome.value.source_url, bookId);
    if (!outcome.ok && outcome.error.kind === 'not-found') this.locator.forget(bookId);
    return outcome;
  }

  listChapters(bookId: string) {
    return this.session.call((api) => api.listChapters(bookId), fixedText(MESSAGES.loadBookFailed));
  }

  summarizeBook(bookId: string) {
    return this.session.call((api) => api.summarizeBook(bookId), fixedText(MESSAGES.summaryFailed));
  }

  getChapter(chapterId: string) {
    return this.session.call((api) => api.getChapter(chapterId), fixedText(MESSAGES.loadChapterFailed));
  }

  summarizeChapter(chapterId: string) {
    return this.session.call((api) => api.summarizeChapter(chapterId), fixedText(MESSAGES.summaryFailed));
  }

  listTopics(chapterId: string) {
    return this.session.call((api) => api.listTopics(chapterId), fixedText(MESSAGES.loadChapterFailed));
  }

  extractTopics(chapterId: string) {
    return this.session.call((api) => api.extractTopics(chapterId), serverDetailOr(MESSAGES.topicsFailed));
  }

  pageLabels(bookId: string) {
    return this.session.call((api) => api.pageLabels(bookId), fixedText(MESSAGES.loadBookFailed));
  }

  explainTopic(topicId: string) {
    return this.session.call((api) => api.explainTopic(topicId), fixedText(MESSAGES.eli12Failed));
  }

  generateAudio(query: AudioQuery): Promise<Outcome<{ audio_url: string }>> {
    return this.session.call(async (api) => {
      const { audio_url } = await api.generateAudio(query);
      const absolute = await this.absolute(audio_url);
      await storeAudio(absolute);
      return { audio_url: absolute };
    }, serverDetailOr(MESSAGES.audioFailed));
  }

  searchLibrary(query: Pick<SearchQuery, 'q' | 'book_id'>) {
    return this.session.call((api) => api.searchBooks(query), serverDetailOr(MESSAGES.searchFailed));
  }

  // Signed file links may be relative to the server; the side panel lives on another origin.
  private async absolute(url: string): Promise<string> {
    return new URL(url, `${await this.session.serverUrl()}/`).href;
  }
}
