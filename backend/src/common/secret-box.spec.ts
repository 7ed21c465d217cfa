import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('k'.repeat(40));

  it('seals to a different text each time and opens back', () => {
    const secret = `whsec_${'a'.repeat(43)}`;
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(sealed.length).toBeLessThanOrEqual(255);
  });

  it('refuses a tampered value or another key, and passes an unsealed legacy value through', () => {
    const sealed = box.seal('whsec_x');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox('z'.repeat(40)).open(sealed)).toThrow();
    expect(box.open('whsec_legacy')).toBe('whsec_legacy');
  });
});
