import { API_TOKEN_PREFIX } from '@chapterwise/shared';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const PUBLIC_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PUBLIC_ID_LENGTH = 12;
const SECRET_BYTES = 32;
// cw_<public id>_<43 base64url characters: 256 random bits>
const TOKEN_FORMAT = new RegExp(`^${API_TOKEN_PREFIX}([a-z0-9]{${PUBLIC_ID_LENGTH}})_([A-Za-z0-9_-]{43})$`);

export interface NewApiToken {
  token: string;
  publicId: string;
  /** What is stored: SHA-256 (hex) of the whole token. */
  hash: string;
}

export function looksLikeApiToken(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

export function generateApiToken(): NewApiToken {
  const publicId = Array.from({ length: PUBLIC_ID_LENGTH }, () => PUBLIC_ID_ALPHABET[randomInt(36)]).join('');
  const token = `${API_TOKEN_PREFIX}${publicId}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { token, publicId, hash: hashApiToken(token) };
}

export function parseApiToken(token: string): { publicId: string } | null {
  const match = TOKEN_FORMAT.exec(token);
  return match ? { publicId: match[1]! } : null;
}

/** A fast hash is enough: the token carries 256 random bits, so there is nothing to guess offline. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sameTokenHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(candidate, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export function displayPrefix(publicId: string): string {
  return `${API_TOKEN_PREFIX}${publicId}`;
}
