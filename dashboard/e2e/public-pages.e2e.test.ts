// Every public route of the spec renders its key texts from the built app, as served by the backend
// (SPA fallback on a direct visit), and the contact form reaches the real backend.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, toast, useApp, waitForPath } from './support/app.js';
import { newAccount, registerUser } from './support/harness.js';

async function expectTexts(page: Page, texts: (string | RegExp)[]): Promise<void> {
  for (const text of texts) await page.getByText(text).first().waitFor();
}

async function expectFooter(page: Page): Promise<void> {
  const footer = page.locator('footer');
  for (const [name, href] of [
    ['Pricing', '/pricing'],
    ['Dashboard', '/dashboard'],
    ['Contact Us', '/contact'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
    ['Refund Policy', '/refund'],
  ] as const) {
    expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
  }
  expect(await footer.innerText()).toMatch(/©\s*2025/);
}

describe.skipIf(!e2eEnabled)('public pages', () => {
  const app = useApp();

  it('/ is the landing page with its nav, hero, six features and calls to action', async () => {
    const { page } = await app.open('/');
    await page.getByRole('heading', { name: 'Turn Any Book Into Smart Summaries', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    // The calls to start open the sign-up form; Login opens sign-in.
    expect(await nav.getByRole('link', { name: 'Start', exact: true }).getAttribute('href')).toBe(
      '/auth?mode=register',
    );
    expect(await page.getByRole('link', { name: 'Start Learning Free' }).getAttribute('href')).toBe(
      '/auth?mode=register',
    );
    for (const feature of [
      'Smart Upload',
      'Auto Summarization',
      'Listen to Audio',
      'Topic Breakdown',
      'Export Anywhere',
      'Smart Search',
    ]) {
      await page.getByRole('heading', { name: feature, level: 3 }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Get Started for Free' }).getAttribute('href')).toBe(
      '/auth?mode=register',
    );
    await expectFooter(page);

    await page.getByRole('link', { name: 'Start Learning Free' }).click();
    await waitForPath(page, '/auth');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
  });

  it('/auth toggles between Welcome Back and Create Account', async () => {
    const { page } = await app.open('/auth');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await page.getByLabel('Name').count()).toBe(0);
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    expect(await page.getByLabel('Name').getAttribute('required')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  });

  it('/pricing shows three plans, the badges, Home and Login for a visitor, and asks to log in first', async () => {
    const { page } = await app.open('/pricing');
    await expectTexts(page, ['All Plans Include', 'AI summaries', 'OCR support for scanned PDFs', 'Cloud storage']);
    await expectTexts(page, ['Most Popular', 'Best Value', '$3.99', '$9.99']);
    expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    await page.getByRole('button', { name: 'Go Premium' }).waitFor();

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await toast(page, 'Please login first').waitFor();
    await waitForPath(page, '/auth');
  });

  it('/pricing shows Dashboard instead of Home and Login when signed in', async () => {
    const session = await registerUser(baseUrl, newAccount('pricing'));
    const { page } = await app.open('/pricing', { session });
    await page.getByRole('heading', { name: 'All Plans Include' }).waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard', exact: true }).first().getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).count()).toBe(0);
  });

  it('/terms, /privacy and /refund show their policies with Back to Home', async () => {
    const { page } = await app.open('/terms');
    const pages: [string, string, (string | RegExp)[]][] = [
      ['/terms', 'Terms of Service', [/at least 13 years old/]],
      ['/privacy', 'Privacy Policy', [/children under 13/]],
      [
        '/refund',
        'Refund & Subscription Policy',
        [/within 7 days/, /5[-–]10 business days/, 'Automatic monthly renewals.'],
      ],
    ];
    for (const [path, title, texts] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await expectTexts(page, texts);
      expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      await expectFooter(page);
    }
  });

  it('/forgot-password and /reset-password show their forms', async () => {
    const { page } = await app.open('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Code' }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/auth');

    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    for (const label of ['Email', 'Reset Code', 'New Password', 'Confirm Password']) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('Reset Code').getAttribute('maxlength')).toBe('8');
    expect(await page.getByRole('link', { name: 'Need a new code?' }).getAttribute('href')).toBe('/forgot-password');
    // The page's own rule: at least 6 characters.
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Reset Code').fill('ABCD1234');
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' }).waitFor();
  });

  it('/payment-success without a session_id goes to /pricing', async () => {
    const session = await registerUser(baseUrl, newAccount('nosession'));
    const { page } = await app.open('/payment-success', { session });
    await waitForPath(page, '/pricing');
    await page.getByRole('heading', { name: 'All Plans Include' }).waitFor();
  });

  it('/contact sends the message to the backend, confirms it and clears the form', async () => {
    const { page } = await app.open('/contact');
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    await expectTexts(page, ['Response Time:', 'Within 24 hours', /@/]);
    const fields = {
      Name: 'Grace Hopper',
      Email: 'grace@example.com',
      Subject: 'A question about OCR',
      Message: 'Does ChapterWise read scanned textbooks in English as well as born-digital ones?',
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);

    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).ok()).toBe(true);
    await toast(page, "Message sent! We'll respond within 24 hours.").waitFor();
    for (const label of Object.keys(fields)) expect(await page.getByLabel(label).inputValue()).toBe('');
  });
});
