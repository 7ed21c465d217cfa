import { SESSION_TOKEN_KEY, SESSION_USER_KEY } from '@chapterwise/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, mockApi, pending } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const signedInApi = { 'GET /api/auth/me': testUser, 'GET /api/books': [], 'GET /api/billing/usage': apiError(404) };

describe('AuthPage', () => {
  it('starts in sign-in mode with the forgot-password link and toggles to registration', async () => {
    mockApi({});
    const { user } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');

    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('opens in register mode from ?mode=register and asks for at least 6 characters, as reset does', async () => {
    const { callsTo } = mockApi({});
    const app = renderApp('/auth?mode=register');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Name'), 'Priya');
    await app.user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await app.user.type(screen.getByLabelText('Password'), '12345');
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('requires an email of email type and a password', async () => {
    mockApi({});
    renderApp('/auth');
    const email = await screen.findByLabelText('Email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('signs in, stores the session under the two keys and opens the library', async () => {
    const { callsTo } = mockApi({ ...signedInApi, 'POST /api/auth/login': { token: 'tok-1', user: testUser } });
    const app = renderApp('/auth');
    await app.user.type(await screen.findByLabelText('Email'), 'priya@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'secret123');
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));

    await app.expectPath('/dashboard');
    expect(await findToast('Welcome back!')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'priya@example.com', password: 'secret123' });
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('tok-1');
    expect(JSON.parse(window.localStorage.getItem(SESSION_USER_KEY) ?? '{}')).toEqual(testUser);
  });

  it('registers with name, email and password', async () => {
    const { callsTo } = mockApi({ ...signedInApi, 'POST /api/auth/register': { token: 'tok-2', user: testUser } });
    const app = renderApp('/auth');
    await app.user.click(await screen.findByRole('button', { name: /Sign up/ }));
    await app.user.type(screen.getByLabelText('Name'), 'Priya');
    await app.user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'secret123');
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await findToast('Account created successfully!')).toBeInTheDocument();
    await app.expectPath('/dashboard');
    expect(callsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Priya',
      email: 'priya@example.com',
      password: 'secret123',
    });
  });

  it('shows Processing... on a disabled button while the request runs', async () => {
    mockApi({ 'POST /api/auth/login': pending });
    const app = renderApp('/auth');
    await app.user.type(await screen.findByLabelText('Email'), 'priya@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it.each([
    ['the server detail', apiError(401, 'Incorrect email or password'), 'Incorrect email or password'],
    ['Authentication failed without one', apiError(500), 'Authentication failed'],
  ])('reports a failure with %s', async (_case, answer, message) => {
    mockApi({ 'POST /api/auth/login': answer });
    const app = renderApp('/auth');
    await app.user.type(await screen.findByLabelText('Email'), 'priya@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await findToast(message)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
