import { browser } from 'wxt/browser';
import { originPattern } from './pdf-url.js';

/**
 * Asks for access to the site serving `url` (EXT-1: only when the user sends that tab). Call it
 * straight from a click or menu handler: the browser shows the prompt only during a user gesture,
 * so nothing may be awaited before it. Resolves true at once when access was granted before.
 */
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

/** Where the user turns file access on: Chrome's details page for this extension. */
export function extensionSettingsUrl(): string {
  return `chrome://extensions/?id=${browser.runtime.id}`;
}
