import { MESSAGES } from '@chapterwise/shared';
import { sourceKey } from '@/utils/pdf-url.js';
import { panelFocusItem } from '@/utils/storage.js';
import { fixedText, type BackendSession } from './backend-session.js';

// A server answer about an address is trusted this long before it is asked again.
const ANSWER_TTL_MS = 60_000;
const MAX_ANSWERS = 200;

interface Answer {
  bookId: string | null;
  at: number;
}

// Per account, so one account never sees another's books; kept briefly so switching tabs does not repeat requests.
export class BookLocator {
  private readonly answers = new Map<string, Answer>();

  constructor(
    private readonly session: BackendSession,
    private readonly now: () => number = Date.now,
  ) {}

  async bookFor(url: string): Promise<string | null> {
    const userId = await this.session.userId();
    if (!userId) return null;
    const key = `${userId} ${sourceKey(url)}`;
    const known = this.answers.get(key);
    if (known && this.now() - known.at < ANSWER_TTL_MS) return known.bookId;
    const outcome = await this.session.call(
      (api) => api.findBookBySource(sourceKey(url)),
      fixedText(MESSAGES.loadBookFailed),
    );
    // Server unreachable: the last answer, if any, is better than none.
    if (!outcome.ok) return known?.bookId ?? null;
    this.store(key, outcome.value.book?.id ?? null);
    return outcome.value.book?.id ?? null;
  }

  async remember(url: string, bookId: string): Promise<void> {
    const userId = await this.session.userId();
    if (userId) this.store(`${userId} ${sourceKey(url)}`, bookId);
  }

  forget(bookId: string): void {
    for (const [key, answer] of this.answers) if (answer.bookId === bookId) this.answers.delete(key);
  }

  private store(key: string, bookId: string | null): void {
    this.answers.delete(key);
    this.answers.set(key, { bookId, at: this.now() });
    const oldest = this.answers.keys().next().value;
    if (this.answers.size > MAX_ANSWERS && oldest !== undefined) this.answers.delete(oldest);
  }
}

export async function focusBookInPanel(bookId: string, windowId: number | null): Promise<void> {
  await panelFocusItem.setValue({ bookId, windowId, at: Date.now() });
}
