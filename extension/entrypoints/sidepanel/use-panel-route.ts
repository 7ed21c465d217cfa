import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { activeTabsItem, panelFocusItem, type PanelFocus } from '@/utils/storage.js';

export type PanelRoute =
  | { view: 'library' }
  | { view: 'book'; bookId: string }
  | { view: 'chapter'; chapterId: string; bookId: string }
  /** A review session of one book's due cards, started from Today. */
  | { view: 'review'; bookId: string };

// A send that finished this recently is what the user opened the panel for.
const RECENT_FOCUS_MS = 60_000;

// Follows the background's focus requests for this window unless that book is already on screen.
export function usePanelRoute() {
  const [route, setRoute] = useState<PanelRoute>({ view: 'library' });
  const [windowId, setWindowId] = useState<number | null>(null);

  const showBook = useCallback((bookId: string) => {
    setRoute((current) =>
      current.view !== 'library' && current.bookId === bookId ? current : { view: 'book', bookId },
    );
  }, []);

  useEffect(() => {
    let ownWindow: number | null = null;
    const follow = (focus: PanelFocus | null) => {
      if (!focus || (focus.windowId !== null && ownWindow !== null && focus.windowId !== ownWindow)) return;
      showBook(focus.bookId);
    };
    const start = async () => {
      ownWindow = (await browser.windows.getCurrent()).id ?? null;
      setWindowId(ownWindow);
      const [focus, activeTabs] = await Promise.all([panelFocusItem.getValue(), activeTabsItem.getValue()]);
      const active = ownWindow === null ? undefined : activeTabs[String(ownWindow)];
      if (active?.state.kind === 'pdf' && active.state.bookId) showBook(active.state.bookId);
      else if (focus && Date.now() - focus.at < RECENT_FOCUS_MS) follow(focus);
    };
    start().catch(() => undefined);
    return panelFocusItem.watch(follow);
  }, [showBook]);

  return { route, setRoute, windowId };
}
