import { describe, expect, it } from 'vitest';
import { signedUrlExpiry, signedUrlLasts } from './signed-url.js';

const NOW = Date.UTC(2026, 10, 25, 6, 0, 0);
const link = (exp: string) => `/api/files/books/b1/source.pdf?o=u1&exp=${exp}&name=book.pdf&sig=abc`;

describe('signed links', () => {
  it('reads the expiry of a link, relative or absolute', () => {
    expect(signedUrlExpiry(link('1764050400'))).toBe(1764050400_000);
    expect(signedUrlExpiry(`http://localhost:3000${link('1000')}`)).toBe(1_000_000);
    expect(signedUrlExpiry('/api/files/books/b1/source.pdf?sig=abc')).toBeNull();
    expect(signedUrlExpiry(link(''))).toBeNull();
    expect(signedUrlExpiry(link('soon'))).toBeNull();
  });

  it('keeps a link that lasts past the margin and refuses one that has expired or is about to', () => {
    const inSeconds = (seconds: number) => link(String(Math.floor(NOW / 1000) + seconds));
    expect(signedUrlLasts(inSeconds(15 * 60), 120_000, NOW)).toBe(true);
    expect(signedUrlLasts(inSeconds(121), 120_000, NOW)).toBe(true);
    expect(signedUrlLasts(inSeconds(60), 120_000, NOW)).toBe(false);
    expect(signedUrlLasts(inSeconds(-3600), 120_000, NOW)).toBe(false);
    // A link without an expiry (not signed by us) is left alone.
    expect(signedUrlLasts('/api/files/x.pdf', 120_000, NOW)).toBe(true);
  });
});
