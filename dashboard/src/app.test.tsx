import { COPYRIGHT_YEAR, SESSION_TOKEN_KEY, SESSION_USER_KEY } from '@chapterwise/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookListItem, testUser } from './test/fixtures.js';
import { apiError, json, mockApi } from './test/mock-api.js';
import { findToast, renderApp } from './test/render-app.js';

describe('routing', () => {
  it.each(['/dashboard', '/upload', '/books/b1', '/chapters/c1', '/payment-success?session_id=s1'])(
    'sends a visitor without a stored token from %s to /auth',
    async (path) => {
      mockApi({});
      const app = renderApp(path);
      await app.expectPath('/auth');
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    },
  );

  it('sends a signed-in user from /auth to /dashboard', async () => {
    mockApi({ 'GET /api/auth/me': testUser, 'GET /api/books': [], 'GET /api/billing/usage': apiError(404) });
    const app = renderApp('/auth', { signedIn: true });
    await app.expectPath('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your Library' })).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown route', async () => {
    mockApi({});
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('logs out to /auth when any call answers 401', async () => {
    mockApi({ 'GET /api/auth/me': testUser, 'GET /api/books': apiError(401, 'Invalid token') });
    const app = renderApp('/dashboard', { signedIn: true });
    await app.expectPath('/auth');
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(SESSION_USER_KEY)).toBeNull();
    expect(await findToast('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('checks the stored token with the server and keeps the user it returns', async () => {
    const { callsTo } = mockApi({
      'GET /api/auth/me': { ...testUser, name: 'Priya S.', plan: 'pro' },
      'GET /api/books': [bookListItem()],
      'GET /api/billing/usage': apiError(404),
    });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('Hi, Priya S.')).toBeInTheDocument();
    expect(callsTo('GET /api/auth/me')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(SESSION_USER_KEY) ?? '{}')).toMatchObject({ plan: 'pro' });
  });
});

describe('landing page', () => {
  it('shows the nav, hero, six features, closing call to action and footer', async () => {
    mockApi({});
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(within(nav).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/auth?mode=register');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Turn Any Book Into Smart Summaries');
    expect(screen.getByRole('link', { name: /Start Learning Free/ })).toHaveAttribute('href', '/auth?mode=register');
    for (const feature of [
      'Smart Upload',
      'Auto Summarization',
      'Listen to Audio',
      'Topic Breakdown',
      'Export Anywhere',
      'Smart Search',
    ]) {
      expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Get Started for Free/ })).toHaveAttribute('href', '/auth?mode=register');

    const quickLinks = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quickLinks)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pricing', 'Dashboard', 'Contact Us']);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/terms', '/privacy', '/refund']);
    expect(screen.getByText(`© ${COPYRIGHT_YEAR} ChapterWise. All rights reserved.`)).toBeInTheDocument();
  });

  it('carries the footer on the dashboard too', async () => {
    mockApi({ 'GET /api/auth/me': testUser, 'GET /api/books': json([]), 'GET /api/billing/usage': apiError(404) });
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { name: 'Your Library' });
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });
});
