import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_LENGTH } from '@chapterwise/shared';

// No 0/O, 1/I/L: a code read off a screen or a mail is typed back without mistakes.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateResetCode(): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Keyed hash of a code, bound to its user: a leaked table row is useless without the server secret. */
export function hashResetCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code.toUpperCase()}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
