import { generateResetCode, hashResetCode, sameHash } from './reset-code.js';

describe('reset codes', () => {
  it('are 8 characters from the unambiguous upper-case alphabet', () => {
    const codes = new Set(Array.from({ length: 200 }, generateResetCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  });

  it('hash per user and compare case-insensitively on the code', () => {
    const hash = hashResetCode('secret', 'user-1', 'ABCD2345');
    expect(sameHash(hash, hashResetCode('secret', 'user-1', 'abcd2345'))).toBe(true);
    expect(sameHash(hash, hashResetCode('secret', 'user-2', 'ABCD2345'))).toBe(false);
    expect(sameHash(hash, hashResetCode('other', 'user-1', 'ABCD2345'))).toBe(false);
  });
});
