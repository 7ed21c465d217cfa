import { browser } from 'wxt/browser';

interface FirefoxSidebarAction {
  open(): Promise<void>;
}

/**
 * Opens the side panel (Chrome) or sidebar (Firefox) of a window. Like a permission request it
 * needs the user's gesture: call it from the click or menu handler before awaiting anything.
 */
export function openSidePanel(windowId: number): Promise<void> {
  const sidebarAction = (browser as unknown as { sidebarAction?: FirefoxSidebarAction }).sidebarAction;
  if (sidebarAction) return sidebarAction.open();
  if (browser.sidePanel) return browser.sidePanel.open({ windowId });
  return Promise.resolve();
}
