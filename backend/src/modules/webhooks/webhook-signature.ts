import { WEBHOOK_SECRET_PREFIX } from '@chapterwise/shared';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

// The timestamp is signed so a receiver can refuse replays of old requests.
export function signWebhookBody(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, `${timestamp}.${body}`)}`;
}

// What a receiver does: HMAC over the raw body as received, constant-time compare, bounded timestamp age.
export function verifyWebhookSignature(
  header: string | undefined,
  body: string,
  secret: string,
  { toleranceS = 300, now = Date.now() }: { toleranceS?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceS) return false;
  const expected = Buffer.from(hmacHex(secret, `${timestamp}.${body}`), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}
