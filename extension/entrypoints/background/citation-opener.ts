import { readerPath } from '@chapterwise/shared';
import { browser } from 'wxt/browser';
import type { CitationRequest } from '@/utils/messaging.js';
import { documentUrlOf, isFetchableUrl, sourceKey } from '@/utils/pdf-url.js';
import { activeTabsItem } from '@/utils/storage.js';
import { succeeded, type Outcome } from '@/utils/ui-error.js';
import type { BackendSession } from './backend-session.js';
import type { BookLocator } from './book-locator.js';

// `#page=N` is read by every PDF viewer; otherwise the dashboard's reader opens with the sentence highlighted.
export class CitationOpener {
  constructor(
    private readonly session: BackendSession,
    private readonly locator: BookLocator,
  ) {}

  async open(request: CitationRequest): Promise<Outcome<{ opened: 'pdf-tab' | 'reader' }>> {
    const tab = await this.pdfTabOf(request.bookId, request.windowId);
    if (tab?.id !== undefined && tab.url) {
      await browser.tabs.update(tab.id, {
        url: `${sourceKey(documentUrlOf(tab.url))}#page=${request.page}`,
        active: true,
      });
      return succeeded({ opened: 'pdf-tab' });
    }
    const serverUrl = await this.session.serverUrl();
    await browser.tabs.create({ url: `${serverUrl}${readerPath(request.bookId, request.page, request.cite)}` });
    return succeeded({ opened: 'reader' });
  }

  // The window's active tab first, then any tab whose PDF was sent as this book.
  private async pdfTabOf(bookId: string, windowId: number | null) {
    if (windowId !== null) {
      const active = (await activeTabsItem.getValue())[String(windowId)];
      if (active?.state.kind === 'pdf' && active.state.bookId === bookId) {
        const tab = await browser.tabs.get(active.tabId).catch(() => undefined);
        if (tab) return tab;
      }
    }
    const showing = [];
    for (const tab of await browser.tabs.query({})) {
      const url = tab.url && documentUrlOf(tab.url);
      if (url && isFetchableUrl(url) && (await this.locator.bookFor(url)) === bookId) showing.push(tab);
    }
    return showing.find((tab) => tab.windowId === windowId) ?? showing[0];
  }
}
