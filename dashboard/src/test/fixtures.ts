import { type Book, type BookListItem, type Chapter, type Topic, type User } from '@chapterwise/shared';

export const testUser: User = { id: 'u1', name: 'Priya', email: 'priya@example.com', plan: 'free' };

export function bookListItem(overrides: Partial<BookListItem> = {}): BookListItem {
  return {
    id: 'b1',
    title: 'Introduction to Psychology',
    status: 'completed',
    total_pages: 412,
    progress: 100,
    status_detail: null,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function book(overrides: Partial<Book> = {}): Book {
  return {
    ...bookListItem(),
    pdf_url: '/api/files/b1?sig=abc',
    full_summary: null,
    // Unrecorded (older summaries): the book's engine wrote it.
    full_summary_engine: null,
    chapter_count: 2,
    error: null,
    source_url: null,
    engine: 'llm',
    summary_job: null,
    ...overrides,
  };
}

export function chapter(overrides: Partial<Chapter> = {}): Chapter {
  return {
    id: 'c1',
    book_id: 'b1',
    chapter_number: 1,
    title: 'What Is Psychology?',
    summary: null,
    summary_engine: null,
    start_page: 15,
    end_page: 80,
    start_label: '1',
    end_label: '66',
    detection_method: 'outline',
    // Numbered as printed by default, like most books: the label follows the position unless a test says otherwise.
    label: String(overrides.chapter_number ?? 1),
    ...overrides,
  };
}

export function topic(overrides: Partial<Topic> = {}): Topic {
  return { id: 't1', title: 'Working memory', eli12_summary: null, pages: [], ...overrides };
}
