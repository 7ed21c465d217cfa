import { MESSAGES, type Book } from '@chapterwise/shared';
import { BackgroundError, unwrap } from '@/components/background.js';
import { sendMessage } from '@/utils/messaging.js';
import { POLL_INTERVAL_MS } from './queries.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// 200 when done within the request; else 202, and GET /books/{id} is polled until `summary_job` clears.
export async function generateBookSummary(bookId: string, onBook: (book: Book) => void): Promise<string> {
  const answer = await unwrap(sendMessage('summarizeBook', bookId));
  if ('summary' in answer) return answer.summary;
  for (;;) {
    await wait(POLL_INTERVAL_MS);
    const book = await unwrap(sendMessage('getBook', bookId));
    onBook(book);
    if (book.full_summary && book.summary_job?.status !== 'generating') return book.full_summary;
    if (book.summary_job?.status !== 'generating') {
      throw new BackgroundError({ kind: 'api', message: MESSAGES.summaryFailed });
    }
  }
}
