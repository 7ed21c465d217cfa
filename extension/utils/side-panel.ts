import { browser } from 'wxt/browser';

interface FirefoxSidebarAction {
  open(): Promise<void>;
}

// Needs the user's gesture like a permission request: call it before awaiting anything.
export function openSidePanel(windowId: number): Promise<void> {
  const sidebarAction = (browser as unknown as { sidebarAction?: FirefoxSidebarAction }).sidebarAction;
  if (sidebarAction) return sidebarAction.open();
  if (browser.sidePanel) return browser.sidePanel.open({ windowId });
  return Promise.resolve();
}
