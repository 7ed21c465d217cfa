// Signed file links (/api/files/…?exp=<unix seconds>&sig=…) work for minutes only. A page left open
// for an hour still holds the old one: what opens a file checks it first and asks for a fresh one.

export function signedUrlExpiry(url: string): number | null {
  const exp = new URL(url, 'http://localhost').searchParams.get('exp');
  const seconds = exp === null || exp.trim() === '' ? Number.NaN : Number(exp);
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}

/** Whether a signed link still works for at least `marginMs` (time to click it and load the file). */
export function signedUrlLasts(url: string, marginMs = 2 * 60_000, now = Date.now()): boolean {
  const expiry = signedUrlExpiry(url);
  return expiry === null || expiry - now > marginMs;
}
