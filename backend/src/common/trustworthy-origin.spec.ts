import { isTrustworthyOrigin } from './trustworthy-origin.js';

describe(isTrustworthyOrigin.name, () => {
  it('trusts https and this machine by name or loopback address', () => {
    expect(isTrustworthyOrigin('https', 'study.example.com')).toBe(true);
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isTrustworthyOrigin('http', host)).toBe(true);
    }
  });

  it('does not trust plain http under a network address or another name', () => {
    for (const host of ['192.168.1.20', 'studyhost.test', 'localhost.example.com', '127.0.0.1.nip.io']) {
      expect(isTrustworthyOrigin('http', host)).toBe(false);
    }
  });
});
