/** What a webhook delivery did: the endpoint answers 200 in every case so the provider stops retrying. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale';

/** The webhook body parsed from the very bytes whose signature was checked. */
export function parseJsonBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}
