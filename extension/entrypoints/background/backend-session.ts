import { ApiClient, ApiError, MESSAGES, successSchemaOf, UpgradeRequiredSchema } from '@chapterwise/shared';
import type { SessionView } from '@/utils/messaging.js';
import {
  activeTabsItem,
  authNoticeItem,
  authTokenItem,
  DEFAULT_SERVER_URL,
  panelFocusItem,
  sendProgressItem,
  serverUrlItem,
  savedChaptersItem,
  signedInUserItem,
} from '@/utils/storage.js';
import { EXTENSION_TEXT, failed, succeeded, type Outcome, type UiError } from '@/utils/ui-error.js';

export interface ErrorPolicy {
  fallback: string;
  /** Show the server's `detail` when it sent one (topics, audio, upload, sign-in). */
  useServerDetail: boolean;
}

export const fixedText = (fallback: string): ErrorPolicy => ({ fallback, useServerDetail: false });
export const serverDetailOr = (fallback: string): ErrorPolicy => ({ fallback, useServerDetail: true });

/** How long sign-out waits for the server to revoke the token before forgetting it anyway. */
const SIGN_OUT_WAIT_MS = 3000;

export function normalizeServerUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '') || DEFAULT_SERVER_URL;
}

// A 401 ends the session with the spec's "session expired" message.
export class BackendSession {
  constructor(private readonly fetchImpl?: typeof fetch) {}

  async serverUrl(): Promise<string> {
    return normalizeServerUrl(await serverUrlItem.getValue());
  }

  /** A client for the signed-in account; `token` pins one call to the token it started with. */
  async client(token?: string): Promise<ApiClient> {
    return new ApiClient({
      baseUrl: await this.serverUrl(),
      getToken: token === undefined ? () => authTokenItem.getValue() : async () => token,
      fetch: this.fetchImpl,
      // The server is whichever the student set, perhaps of another version: its answers are checked.
      responseSchemaOf: successSchemaOf,
    });
  }

  async userId(): Promise<string | null> {
    return (await signedInUserItem.getValue())?.id ?? null;
  }

  async view(): Promise<SessionView> {
    const [serverUrl, user, notice] = await Promise.all([
      this.serverUrl(),
      signedInUserItem.getValue(),
      authNoticeItem.getValue(),
    ]);
    return { serverUrl, user, notice };
  }

  async signIn(email: string, password: string): Promise<Outcome<SessionView>> {
    try {
      const { token, user } = await (await this.client()).login({ email, password });
      // Nothing of the previous sign-in (its sends, its panel focus, its errors) outlives it.
      await this.clearAccountState();
      await Promise.all([
        authTokenItem.setValue(token),
        signedInUserItem.setValue(user),
        authNoticeItem.setValue(null),
      ]);
      return succeeded(await this.view());
    } catch (error) {
      // A 401 here is a wrong password, not an expired session.
      return failed(await this.describe(error, serverDetailOr(MESSAGES.authFailed), { expireOn401: false }));
    }
  }

  // The token is revoked on the server first, so a copy stops working; an unreachable server does not hold it up long.
  async signOut(notice: string | null = null): Promise<SessionView> {
    const userId = await this.userId();
    if (await authTokenItem.getValue()) {
      const revoked = (await this.client()).logout().catch(() => undefined);
      await Promise.race([revoked, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
    }
    await Promise.all([
      authTokenItem.setValue(null),
      signedInUserItem.setValue(null),
      authNoticeItem.setValue(notice),
      this.clearAccountState(),
      // Saved copies of chapter notes are kept through an expired session, not an explicit sign-out.
      notice === null && userId
        ? savedChaptersItem.setValue((await savedChaptersItem.getValue()).filter((copy) => copy.userId !== userId))
        : undefined,
    ]);
    return this.view();
  }

  private async clearAccountState(): Promise<void> {
    await Promise.all([sendProgressItem.setValue(null), panelFocusItem.setValue(null), activeTabsItem.setValue({})]);
  }

  async setServerUrl(raw: string): Promise<Outcome<SessionView>> {
    let parsed: URL;
    try {
      parsed = new URL(raw.trim());
    } catch {
      return failed({ kind: 'api', message: EXTENSION_TEXT.invalidServerUrl });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return failed({ kind: 'api', message: EXTENSION_TEXT.invalidServerUrl });
    }
    const next = normalizeServerUrl(`${parsed.origin}${parsed.pathname}`);
    // A token is only valid on the server that issued it.
    if (next !== (await this.serverUrl())) await this.signOut(null);
    await serverUrlItem.setValue(next);
    return succeeded(await this.view());
  }

  async checkServer(): Promise<Outcome<{ reachable: true }>> {
    const serverUrl = await this.serverUrl();
    try {
      const response = await (this.fetchImpl ?? fetch)(`${serverUrl}/api/health`);
      if (response.ok) return succeeded({ reachable: true });
    } catch {
      // Reported below as unreachable.
    }
    return failed({ kind: 'unreachable', message: EXTENSION_TEXT.unreachable(serverUrl) });
  }

  async call<T>(run: (api: ApiClient) => Promise<T>, policy: ErrorPolicy): Promise<Outcome<T>> {
    const token = await authTokenItem.getValue();
    if (!token) {
      return failed({ kind: 'signed-out', message: (await authNoticeItem.getValue()) ?? EXTENSION_TEXT.signInFirst });
    }
    try {
      return succeeded(await run(await this.client(token)));
    } catch (error) {
      return failed(await this.describe(error, policy, { token }));
    }
  }

  /** `token` is the one the failed request carried: a 401 for a token since replaced ends nothing. */
  async describe(
    error: unknown,
    policy: ErrorPolicy,
    { expireOn401 = true, token }: { expireOn401?: boolean; token?: string } = {},
  ): Promise<UiError> {
    if (error instanceof ApiError) {
      if (error.status === 0) return this.unreachable();
      if (error.status === 401 && expireOn401) {
        // A request of the previous sign-in, answered after the student signed in again (or out).
        const current = await authTokenItem.getValue();
        if (token !== undefined && token !== current) {
          return current
            ? { kind: 'api', message: EXTENSION_TEXT.accountChanged }
            : { kind: 'signed-out', message: (await authNoticeItem.getValue()) ?? EXTENSION_TEXT.signInFirst };
        }
        await this.signOut(MESSAGES.sessionExpired);
        return { kind: 'signed-out', message: MESSAGES.sessionExpired };
      }
      const upgrade = error.status === 403 ? UpgradeRequiredSchema.safeParse(error.body) : null;
      if (upgrade?.success) {
        return {
          kind: 'upgrade-required',
          message: upgrade.data.message,
          link: { href: `${await this.serverUrl()}/pricing`, label: 'See plans and upgrade' },
        };
      }
      const message = policy.useServerDetail && error.detail ? error.detail : policy.fallback;
      return { kind: error.status === 404 ? 'not-found' : 'api', message };
    }
    // fetch rejects with a TypeError when the server is unreachable; it can also be a bug, so it goes to the console.
    if (error instanceof TypeError) {
      console.warn('ChapterWise: a request to the server failed:', error.stack ?? String(error));
      return this.unreachable();
    }
    return { kind: 'api', message: policy.fallback };
  }

  private async unreachable(): Promise<UiError> {
    return { kind: 'unreachable', message: EXTENSION_TEXT.unreachable(await this.serverUrl()) };
  }
}
