import { describe, expect, it } from 'vitest';
import { routePattern } from './route-preload.plugin.js';

describe('routePattern', () => {
  it.each([
    ['index.tsx', '/', '/x'],
    ['auth.tsx', '/auth', '/authx'],
    ['_authenticated/dashboard.tsx', '/dashboard', '/dashboard/extra'],
    ['_authenticated/books.$bookId.tsx', '/books/0b3f6c2e-1', '/books'],
    ['_authenticated/chapters.$chapterId.tsx', '/chapters/abc/', '/chapters/abc/topics'],
  ])('maps %s to the URLs it serves', (file, matching, other) => {
    const pattern = new RegExp(routePattern(file));
    expect(pattern.test(matching)).toBe(true);
    expect(pattern.test(other)).toBe(false);
  });
});
