import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// The fake browser has no permissions API: this follows the browser's rules (granted origins resolve true at once).
export function fakePermissions({
  answer = true,
  fileAccess = false,
}: { answer?: boolean; fileAccess?: boolean } = {}) {
  const granted = new Set<string>();
  const requests: string[] = [];
  const covers = (origins: string[] = []) => origins.every((origin) => granted.has(origin));
  // Cast: the typings also carry the callback overloads, which return void.
  const contains = async ({ origins }: { origins?: string[] }) => covers(origins);
  const request = async ({ origins = [] }: { origins?: string[] }) => {
    if (covers(origins)) return true;
    requests.push(...origins);
    if (answer) origins.forEach((origin) => granted.add(origin));
    return answer;
  };
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(contains as never);
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(request as never);
  (fakeBrowser as unknown as { extension: { isAllowedFileSchemeAccess: () => Promise<boolean> } }).extension = {
    isAllowedFileSchemeAccess: async () => fileAccess,
  };
  return {
    /** Origins the user was asked for (not counting ones already granted). */
    requests,
    grant: (...origins: string[]) => origins.forEach((origin) => granted.add(origin)),
  };
}
