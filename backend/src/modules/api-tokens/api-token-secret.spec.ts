import { createHash } from 'node:crypto';
import {
  displayPrefix,
  generateApiToken,
  hashApiToken,
  looksLikeApiToken,
  parseApiToken,
  sameTokenHash,
} from './api-token-secret.js';

describe('personal API token secrets', () => {
  it('makes cw_<12-character public id>_<256 random bits> tokens, each different', () => {
    const tokens = Array.from({ length: 50 }, () => generateApiToken());
    for (const { token, publicId, hash } of tokens) {
      expect(token).toMatch(/^cw_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
      expect(token.startsWith(`${displayPrefix(publicId)}_`)).toBe(true);
      expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(parseApiToken(token)).toEqual({ publicId });
    }
    expect(new Set(tokens.map((item) => item.token)).size).toBe(50);
    expect(new Set(tokens.map((item) => item.publicId)).size).toBe(50);
  });

  it('tells personal tokens from session JWTs and rejects malformed ones', () => {
    expect(looksLikeApiToken('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    expect(looksLikeApiToken('cw_anything')).toBe(true);
    for (const bad of [
      'cw_',
      'cw_short_secret',
      `cw_${'A'.repeat(12)}_${'b'.repeat(43)}`,
      `cw_${'a'.repeat(12)}_${'b'.repeat(44)}`,
    ]) {
      expect(parseApiToken(bad)).toBeNull();
    }
  });

  it('compares hashes in constant time and only when both are well formed', () => {
    const { token, hash } = generateApiToken();
    expect(sameTokenHash(hash, hashApiToken(token))).toBe(true);
    expect(sameTokenHash(hash, hashApiToken(`${token}x`))).toBe(false);
    expect(sameTokenHash(hash, '')).toBe(false);
    expect(sameTokenHash('', '')).toBe(false);
  });
});
