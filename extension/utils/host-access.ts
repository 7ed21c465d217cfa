import { browser } from 'wxt/browser';
import { originPattern } from './pdf-url.js';

// The browser shows the prompt only during a user gesture: call it from the handler before awaiting anything.
export function requestHostAccess(url: string): Promise<boolean> {
  return browser.permissions.request({ origins: [originPattern(url)] });
}

export function hasHostAccess(url: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(url)] });
}

/** Chrome's per-extension "Allow access to file URLs" switch; Firefox never allows it. */
export async function fileSchemeAccessAllowed(): Promise<boolean> {
  const extension = browser.extension as { isAllowedFileSchemeAccess?: () => Promise<boolean> } | undefined;
  if (!extension?.isAllowedFileSchemeAccess) return false;
  return extension.isAllowedFileSchemeAccess();
}

export function extensionSettingsUrl(): string {
  return `chrome://extensions/?id=${browser.runtime.id}`;
}
