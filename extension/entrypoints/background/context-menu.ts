import { browser, type Browser } from 'wxt/browser';
import type { SendRequest } from '@/utils/messaging.js';
import { documentUrlOf, isFetchableUrl } from '@/utils/pdf-url.js';
import { EXTENSION_TEXT } from '@/utils/ui-error.js';

export const SEND_PAGE_MENU_ID = 'chapterwise-send-page';
export const SEND_LINK_MENU_ID = 'chapterwise-send-link';

const PDF_LINK_PATTERNS = ['*://*/*.pdf', '*://*/*.pdf?*', '*://*/*.PDF', '*://*/*.PDF?*'];

/** Menu items are created once per install or update, as Chrome requires. */
export async function createSendMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({
    id: SEND_PAGE_MENU_ID,
    title: EXTENSION_TEXT.sendThisPdf,
    contexts: ['page', 'frame'],
    // Shown once the tab watcher has recognised a PDF in the active tab.
    visible: false,
  });
  browser.contextMenus.create({
    id: SEND_LINK_MENU_ID,
    title: EXTENSION_TEXT.sendLinkedPdf,
    contexts: ['link'],
    targetUrlPatterns: PDF_LINK_PATTERNS,
  });
}

export async function showSendPageMenu(visible: boolean): Promise<void> {
  try {
    await browser.contextMenus.update(SEND_PAGE_MENU_ID, { visible });
  } catch {
    // The menu is created at install; before that there is nothing to update.
  }
}

export function menuTarget(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): SendRequest | null {
  const url =
    info.menuItemId === SEND_LINK_MENU_ID
      ? info.linkUrl
      : info.menuItemId === SEND_PAGE_MENU_ID
        ? documentUrlOf(info.frameUrl ?? info.pageUrl ?? tab?.url ?? '')
        : undefined;
  if (!url || !isFetchableUrl(url)) return null;
  return { url, tabId: tab?.id, windowId: tab?.windowId };
}
