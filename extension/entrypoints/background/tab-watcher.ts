import type { TabPdfState } from '@/utils/pdf-url.js';
import { activeTabsItem } from '@/utils/storage.js';
import { focusBookInPanel } from './book-locator.js';
import type { TabInspector } from './tab-inspector.js';

export interface WatchedTab {
  id?: number;
  windowId?: number;
  url?: string;
  active?: boolean;
}

export class TabWatcher {
  constructor(
    private readonly inspector: TabInspector,
    private readonly onActiveState: (state: TabPdfState) => Promise<void>,
  ) {}

  async tabShown(tab: WatchedTab): Promise<TabPdfState | null> {
    if (!tab.active || tab.id === undefined || tab.windowId === undefined) return null;
    const state = tab.url ? await this.inspector.inspect(tab.url) : ({ kind: 'not-pdf' } as const);
    const tabs = await activeTabsItem.getValue();
    await activeTabsItem.setValue({ ...tabs, [String(tab.windowId)]: { tabId: tab.id, state, at: Date.now() } });
    await this.onActiveState(state);
    if (state.kind === 'pdf' && state.bookId) await focusBookInPanel(state.bookId, tab.windowId);
    return state;
  }

  async windowClosed(windowId: number): Promise<void> {
    const tabs = await activeTabsItem.getValue();
    if (!(String(windowId) in tabs)) return;
    const { [String(windowId)]: _closed, ...rest } = tabs;
    await activeTabsItem.setValue(rest);
  }
}
