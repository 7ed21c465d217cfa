import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, pending } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';
import { newPasswordProblem } from './reset-password-page.js';

async function requestCode(app: ReturnType<typeof renderApp>, email = 'priya@example.com') {
  await app.user.type(await screen.findByLabelText('Email'), email);
  await app.user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
}

describe('ForgotPasswordPage', () => {
  it('shows Sending... while the request runs and links back to /auth', async () => {
    mockApi({ 'POST /api/auth/forgot-password': pending });
    const app = renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
    await requestCode(app);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it('shows the email-sent view with the address and the expiry note', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { email_sent: true } });
    const app = renderApp('/forgot-password');
    await requestCode(app);
    expect(await screen.findByRole('heading', { name: 'Check Your Email!' })).toBeInTheDocument();
    expect(screen.getByText('priya@example.com')).toBeInTheDocument();
    expect(
      screen.getByText("The code will expire in 15 minutes. Check your spam folder if you don't see it."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Email Service Unavailable')).not.toBeInTheDocument();
    expect(await findToast('Password reset code sent to your email!')).toBeInTheDocument();
  });

  it('shows the yellow box with the code only when the server returns one', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { email_sent: false, reset_code: 'K7PX2QMA' } });
    const app = renderApp('/forgot-password');
    await requestCode(app);
    expect(await screen.findByText('Email Service Unavailable')).toBeInTheDocument();
    expect(screen.getByText('K7PX2QMA')).toBeInTheDocument();
    expect(screen.getByText('Valid for 15 minutes')).toBeInTheDocument();
    expect(await findToast('Email service unavailable. Code displayed below.')).toBeInTheDocument();
  });

  it('returns to the form with Request New Code', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { email_sent: true } });
    const app = renderApp('/forgot-password');
    await requestCode(app);
    await app.user.click(await screen.findByRole('button', { name: 'Request New Code' }));
    expect(screen.getByRole('button', { name: 'Send Reset Code' })).toBeInTheDocument();
  });

  it('hands the email over to the reset page', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { email_sent: true } });
    const app = renderApp('/forgot-password');
    await requestCode(app, 'hand@off.example');
    await app.user.click(await screen.findByRole('button', { name: 'Proceed to Reset Password' }));
    await app.expectPath('/reset-password');
    expect(await screen.findByLabelText('Email')).toHaveValue('hand@off.example');
  });

  it('hands the code shown on the page over too, and the reset page says so instead of "from your email"', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { email_sent: false, reset_code: 'K7PX2QMA' } });
    const app = renderApp('/forgot-password');
    await requestCode(app, 'hand@off.example');
    await app.user.click(await screen.findByRole('button', { name: 'Proceed to Reset Password' }));
    await app.expectPath('/reset-password');
    expect(await screen.findByLabelText('Reset Code')).toHaveValue('K7PX2QMA');
    expect(screen.getByLabelText('Email')).toHaveValue('hand@off.example');
    expect(screen.getByText('Your reset code is filled in: choose a new password.')).toBeInTheDocument();
    expect(screen.queryByText(/from your email/)).not.toBeInTheDocument();
  });

  it.each([
    [
      'the server detail',
      apiError(429, 'Too many attempts. Please wait a minute and try again.'),
      'Too many attempts. Please wait a minute and try again.',
    ],
    ['the fallback text', apiError(500), 'Failed to send reset code'],
  ])('reports a failure with %s', async (_case, answer, message) => {
    mockApi({ 'POST /api/auth/forgot-password': answer });
    const app = renderApp('/forgot-password');
    await requestCode(app);
    expect(await findToast(message)).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  async function fill(app: ReturnType<typeof renderApp>, password: string, confirmation: string) {
    await app.user.type(await screen.findByLabelText('Email'), 'priya@example.com');
    await app.user.type(screen.getByLabelText('Reset Code'), 'k7px2qma');
    await app.user.type(screen.getByLabelText('New Password'), password);
    await app.user.type(screen.getByLabelText('Confirm Password'), confirmation);
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('forces the code to upper case and at most 8 characters', async () => {
    mockApi({});
    const app = renderApp('/reset-password');
    const code = await screen.findByLabelText('Reset Code');
    await app.user.type(code, 'abcd1234xyz');
    expect(code).toHaveValue('ABCD1234');
    expect(code).toHaveAttribute('maxlength', '8');
    // Opened on its own, the code comes from the email.
    expect(screen.getByText('8 characters, from your email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Need a new code?' })).toHaveAttribute('href', '/forgot-password');
  });

  it.each([
    ['secret1', 'secret2', 'Passwords do not match'],
    ['abc', 'abc', 'Password must be at least 6 characters'],
  ])('rejects %s / %s with "%s" without calling the server', async (password, confirmation, message) => {
    const { calls } = mockApi({});
    const app = renderApp('/reset-password');
    await fill(app, password, confirmation);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });

  it('resets, shows the success view and goes to /auth after 2 seconds', async () => {
    const { callsTo } = mockApi({ 'POST /api/auth/reset-password': { message: 'Password changed' } });
    const app = renderApp('/reset-password');
    await fill(app, 'secret12', 'secret12');
    expect(await screen.findByRole('heading', { name: 'Password Reset!' })).toBeInTheDocument();
    expect(screen.getByText('Redirecting to login...')).toBeInTheDocument();
    expect(await findToast('Password reset successfully!')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      email: 'priya@example.com',
      reset_code: 'K7PX2QMA',
      new_password: 'secret12',
    });
    expect(app.router.state.location.pathname).toBe('/reset-password');
    await app.expectPath('/auth');
  });

  it.each([
    [
      'the server detail',
      apiError(400, 'The reset code is invalid or has expired'),
      'The reset code is invalid or has expired',
    ],
    ['the fallback text', apiError(500), 'Failed to reset password'],
  ])('reports a failure with %s', async (_case, answer, message) => {
    mockApi({ 'POST /api/auth/reset-password': answer });
    const app = renderApp('/reset-password');
    await fill(app, 'secret12', 'secret12');
    expect(await findToast(message)).toBeInTheDocument();
  });

  it('shows Resetting... while the request runs', async () => {
    mockApi({ 'POST /api/auth/reset-password': pending });
    const app = renderApp('/reset-password');
    await fill(app, 'secret12', 'secret12');
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  });
});

describe(newPasswordProblem.name, () => {
  it('checks the match before the length', () => {
    expect(newPasswordProblem('abc', 'abd')).toBe('Passwords do not match');
    expect(newPasswordProblem('abcde', 'abcde')).toBe('Password must be at least 6 characters');
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});
