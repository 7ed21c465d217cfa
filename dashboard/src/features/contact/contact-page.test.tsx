import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, pending, type Route } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

async function fillAndSend(app: ReturnType<typeof renderApp>) {
  await app.user.type(await screen.findByLabelText('Name'), 'Priya');
  await app.user.type(screen.getByLabelText('Email'), 'priya@example.com');
  await app.user.type(screen.getByLabelText('Subject'), 'Refund');
  await app.user.type(screen.getByLabelText('Message'), 'Please refund my last payment.');
  await app.user.click(screen.getByRole('button', { name: 'Send Message' }));
}

function contactApi(answer: Route) {
  return mockApi({ 'POST /api/contact': answer });
}

describe('ContactPage', () => {
  it('requires every field and shows the support contact and response time', async () => {
    contactApi(pending);
    renderApp('/contact');
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(await screen.findByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(screen.getByText('Response Time:').parentElement).toHaveTextContent('Response Time: Within 24 hours');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('sends the message, shows Sending..., then confirms and clears the form', async () => {
    let release: (value: unknown) => void = () => {};
    const { callsTo } = contactApi(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const app = renderApp('/contact');
    await fillAndSend(app);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release({ message: 'Received' });
    expect(await findToast("Message sent! We'll respond within 24 hours.")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(callsTo('POST /api/contact')[0]?.body).toEqual({
      name: 'Priya',
      email: 'priya@example.com',
      subject: 'Refund',
      message: 'Please refund my last payment.',
    });
  });

  it('keeps the message and reports a failure', async () => {
    contactApi(apiError(429, 'Too many attempts. Please wait a minute and try again.'));
    const app = renderApp('/contact');
    await fillAndSend(app);
    expect(await findToast('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Refund');
  });
});
