import { ensureBackendBuilt, startServer, waitUntilUp, type ServerProcess } from '../support/server-process.js';
import { startSmtpCapture } from '../support/smtp-capture.js';

// Slow enough that sending the mail inside the request would stand far out of the machine's noise (a loaded 2-core
// machine moves a round's medians by up to ~15 ms either way).
const SMTP_DELAY_MS = 200;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * RST-1 by timing, on the built server as a real process: with an SMTP server that takes 200 ms to
 * answer, forgot-password must take as long for a known email as for an unknown one.
 */
describe('Forgot-password timing (RST-1)', () => {
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    ensureBackendBuilt();
    smtp = await startSmtpCapture({ delayMs: SMTP_DELAY_MS });
    server = await startServer({ SMTP_URL: smtp.url, AUTH_THROTTLE_LIMIT: '10000' });
    await waitUntilUp(server);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('answers known and unknown emails in the same time (medians within 20% or a quarter of the SMTP delay)', async () => {
    const known: string[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `known${i}-${Date.now()}@example.com`;
      const response = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Timed Student', email, password: 'correct horse' }),
      });
      expect(response.status).toBe(201);
      known.push(email);
    }
    const unknown = Array.from({ length: 20 }, (_, i) => `ghost${i}-${Date.now()}@example.com`);
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${server.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const body = await response.json();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.status).toBe(200);
      expect(body).toEqual({ email_sent: true });
      return ms;
    };
    // Known and unknown interleaved, each going first in turn, so the machine's noise falls on both
    // alike; a pause after each lets the previous mail job (queued 250 ms after the answer, then the SMTP's 200 ms) finish, so
    // it does not slow the next answer.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 600));
    for (let i = 0; i < 5; i++) await time(`warmup${i}@example.com`);
    const rounds: Array<{ known: number; unknown: number }> = [];
    const round = async (label: string) => {
      const known20: number[] = [];
      const unknown20: number[] = [];
      for (let i = 0; i < 20; i++) {
        const order = i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
        for (const kind of order) {
          if (kind === 'known') known20.push(await time(known[i]!));
          else unknown20.push(await time(`${label.replace(' ', '')}-${unknown[i]!}`));
          await settle();
        }
      }
      rounds.push({ known: median(known20), unknown: median(unknown20) });
      const ratio = median(known20) / median(unknown20);
      process.stderr.write(
        `[figure] forgot-password ${label}, medians over 20 each, SMTP answering in ${SMTP_DELAY_MS} ms: known ${median(known20).toFixed(1)} ms, unknown ${median(unknown20).toFixed(1)} ms, ratio ${ratio.toFixed(2)}\n`,
      );
    };
    // A crowded machine can push a round of ~10 ms answers far past 20% either way (CI saw 0.74, then 1.25; proof runs
    // 1.22, 0.82, 1.28; a later CI 0.63, 0.97, 0.92; under a load of 14, 0.41, 1.34, 1.49: 15 ms at most). Sending the
    // mail inside the request adds the SMTP's 200 ms to every known answer (317 ms against 3 ms with 50 ms, before the
    // mail became a job). So a round's medians agree within 20% or within a quarter of the SMTP's delay, far under a
    // leak and above the noise, in one of up to three rounds: a leak fails all three.
    const within = ({ known: knownMedian, unknown: unknownMedian }: { known: number; unknown: number }) =>
      Math.abs(knownMedian - unknownMedian) <= Math.max(unknownMedian * 0.2, SMTP_DELAY_MS / 4);
    for (let count = 1; count <= 3 && !rounds.some(within); count++) await round(`round ${count}`);
    expect({ rounds, same: rounds.some(within) }).toMatchObject({ same: true });
    // The known accounts' mails do go out, after the answers.
    for (let waited = 0; new Set(smtp.mails.flatMap((mail) => mail.to)).size < 20 && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set(smtp.mails.flatMap((mail) => mail.to))).toEqual(new Set(known));
  }, 240_000);
});
