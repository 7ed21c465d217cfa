import { POLICY } from '@chapterwise/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';

describe('legal pages', () => {
  it.each([
    [
      '/terms',
      'Terms of Service',
      [`at least ${POLICY.minimumAge} years old`, 'renew automatically every month', 'returns to the Free plan'],
    ],
    [
      '/privacy',
      'Privacy Policy',
      [`not for children under ${POLICY.minimumAge}`, 'Razorpay for INR', 'never reach our servers'],
    ],
    [
      '/refund',
      'Refund & Subscription Policy',
      [
        `within ${POLICY.refundWindowDays} days of your payment`,
        `${POLICY.refundProcessingBusinessDays} business days`,
        'Automatic monthly renewals.',
        `more than ${POLICY.refundWindowDays} days after the payment`,
      ],
    ],
  ])('%s states the policy and links back home', async (path, title, phrases) => {
    mockApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const main = screen.getByRole('main');
    for (const phrase of phrases) expect(main).toHaveTextContent(phrase);
    expect(main).toHaveTextContent(`within ${POLICY.supportResponseHours} hours`);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
