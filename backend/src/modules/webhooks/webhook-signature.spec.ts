import { createHmac } from 'node:crypto';
import { newWebhookSecret, signWebhookBody, verifyWebhookSignature } from './webhook-signature.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"e1","type":"book.completed"}';
  const t = 1_763_683_800;
  const now = t * 1000;

  it('signs "<t>.<body>" with HMAC-SHA256 keyed by the whole secret', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhookBody(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature and refuses a changed body, another secret or a stale timestamp', () => {
    const header = signWebhookBody(secret, body, t);
    expect(verifyWebhookSignature(header, body, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(header, `${body} `, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_other', { now })).toBe(false);
    expect(verifyWebhookSignature(header, body, secret, { now: now + 301_000 })).toBe(false);
    expect(verifyWebhookSignature(header.replace(/v1=../, 'v1=00'), body, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(undefined, body, secret, { now })).toBe(false);
    expect(verifyWebhookSignature('v1=abc', body, secret, { now })).toBe(false);
  });

  it('makes a new, prefixed secret each time', () => {
    const first = newWebhookSecret();
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(first);
  });
});
