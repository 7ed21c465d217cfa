import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { TabPdfState } from '@/utils/pdf-url.js';
import { activeTabsItem, panelFocusItem } from '@/utils/storage.js';
import { fakePermissions } from '../../test/fake-permissions.js';
import type { BookLocator } from './book-locator.js';
import { TabInspector } from './tab-inspector.js';
import { TabWatcher } from './tab-watcher.js';

describe(TabWatcher.name, () => {
  let states: TabPdfState[];
  let watcher: TabWatcher;

  beforeEach(async () => {
    fakeBrowser.reset();
    fakePermissions();
    states = [];
    const locator = {
      bookFor: async (url: string) => (url.startsWith('https://example.com/known.pdf') ? 'book-7' : null),
    } as unknown as BookLocator;
    watcher = new TabWatcher(new TabInspector(locator, vi.fn()), async (state) => void states.push(state));
  });

  it("switches the window's side panel to the book when its PDF tab becomes active", async () => {
    await watcher.tabShown({ id: 3, windowId: 11, active: true, url: 'https://example.com/known.pdf#page=2' });

    expect(await panelFocusItem.getValue()).toEqual({ bookId: 'book-7', windowId: 11, at: expect.any(Number) });
    expect((await activeTabsItem.getValue())['11']).toMatchObject({
      tabId: 3,
      state: { kind: 'pdf', bookId: 'book-7' },
    });
    expect(states).toEqual([{ kind: 'pdf', url: 'https://example.com/known.pdf#page=2', bookId: 'book-7' }]);
  });

  it('records a new PDF for the send offer without switching the panel', async () => {
    await watcher.tabShown({ id: 4, windowId: 11, active: true, url: 'https://example.com/new.pdf' });

    expect(await panelFocusItem.getValue()).toBeNull();
    expect((await activeTabsItem.getValue())['11']?.state).toEqual({
      kind: 'pdf',
      url: 'https://example.com/new.pdf',
      bookId: null,
    });
  });

  it('ignores tabs that load in the background', async () => {
    expect(
      await watcher.tabShown({ id: 5, windowId: 11, active: false, url: 'https://example.com/known.pdf' }),
    ).toBeNull();
    expect(await panelFocusItem.getValue()).toBeNull();
    expect(await activeTabsItem.getValue()).toEqual({});
  });

  it('follows real tab events of the fake browser', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/known.pdf', active: true });
    fakeBrowser.tabs.onActivated.addListener(
      ({ tabId }) => void fakeBrowser.tabs.get(tabId).then((shown) => watcher.tabShown(shown)),
    );

    await fakeBrowser.tabs.onActivated.trigger({ tabId: tab.id!, windowId: tab.windowId });
    await vi.waitFor(async () => expect(await panelFocusItem.getValue()).toMatchObject({ bookId: 'book-7' }));
  });

  it('forgets the active tab of a closed window', async () => {
    await watcher.tabShown({ id: 4, windowId: 12, active: true, url: 'https://example.com/new.pdf' });
    await watcher.windowClosed(12);
    expect(await activeTabsItem.getValue()).toEqual({});
  });
});
