import { MESSAGES } from '@chapterwise/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, mockApi } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';
import { DELETED_WITH_ACCOUNT } from './delete-account-panel.js';

function settingsApi(overrides: Record<string, unknown> = {}) {
  return mockApi({ 'GET /api/auth/me': testUser, 'GET /api/books': [], ...overrides });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings: sessions, export and account deletion', () => {
  it('signs out everywhere on the server, then leaves for /auth', async () => {
    const { callsTo } = settingsApi({ 'POST /api/auth/logout-everywhere': { message: MESSAGES.signedOutEverywhere } });
    const app = renderApp('/settings', { signedIn: true });
    // The student is told before and after that API tokens go too.
    const panel = (await screen.findByRole('heading', { name: 'Sessions' })).closest('section')!;
    expect(within(panel as HTMLElement).getByText(/revokes your personal API tokens/)).toBeInTheDocument();
    expect(
      screen.getByText(/Changing it signs you out on every other device and revokes your personal API tokens/),
    ).toBeInTheDocument();
    expect(MESSAGES.signedOutEverywhere).toMatch(/API tokens were revoked/);
    expect(MESSAGES.passwordChanged).toMatch(/API tokens were revoked/);
    await app.user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await app.expectPath('/auth');
    expect(callsTo('POST /api/auth/logout-everywhere')).toHaveLength(1);
    expect(await findToast(MESSAGES.signedOutEverywhere)).toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);
  });

  it('downloads the export as a zip', async () => {
    const { callsTo } = settingsApi({
      'GET /api/account/export': new Response(new Blob(['PK']), { headers: { 'Content-Type': 'application/zip' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = renderApp('/settings', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Export my data' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsTo('GET /api/account/export')).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('names what goes, keeps a wrong password in the dialog, and deletes with the right one', async () => {
    let tries = 0;
    const { callsTo } = settingsApi({
      'DELETE /api/account': () =>
        ++tries === 1 ? apiError(400, MESSAGES.wrongPassword) : { message: MESSAGES.accountDeleted },
    });
    const app = renderApp('/settings', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    for (const item of DELETED_WITH_ACCOUNT) expect(within(dialog).getByText(item)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    const password = within(dialog).getByLabelText('Current password');
    await app.user.type(password, 'wrong');
    await app.user.click(confirm);
    expect(await within(dialog).findByText(MESSAGES.wrongPassword)).toBeInTheDocument();
    await app.user.clear(password);
    await app.user.type(password, 'correct horse');
    await app.user.click(confirm);
    await app.expectPath('/auth');
    expect(callsTo('DELETE /api/account').map((call) => call.body)).toEqual([
      { password: 'wrong' },
      { password: 'correct horse' },
    ]);
    expect(await findToast(MESSAGES.accountDeleted)).toBeInTheDocument();
  });

  it('Logout in the header revokes the session on the server', async () => {
    const { callsTo } = settingsApi({ 'POST /api/auth/logout': { message: MESSAGES.signedOut } });
    const app = renderApp('/settings', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /Logout/ }));
    await app.expectPath('/auth');
    expect(callsTo('POST /api/auth/logout')).toHaveLength(1);
  });
});
