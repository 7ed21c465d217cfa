/** One signed event to POST; the sender adds the content type, length and user agent. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What one try produced: the receiver's status, or why no answer came. */
export interface WebhookSendResult {
  statusCode: number | null;
  /** Plain-language reason for the delivery log; null on a 2xx answer. */
  error: string | null;
  durationMs: number;
  /** Retrying cannot help (the target is refused by policy). */
  permanent: boolean;
}

/** Thrown when a URL may not be used as a webhook target (http in production, a non-public address). */
export class WebhookTargetError extends Error {
  override name = 'WebhookTargetError';
}

/**
 * Outgoing webhook requests. Implementations resolve the host themselves, refuse loopback, private,
 * link-local and other non-public addresses (loopback only where the policy allows it), connect to
 * the address they checked, never follow redirects and bound every request with a timeout.
 */
export abstract class WebhookSender {
  /** Throws a WebhookTargetError naming the problem when the URL is not an acceptable target now. */
  abstract checkTarget(url: string): Promise<void>;
  /** POSTs the body; never throws for network or HTTP failures, which come back in the result. */
  abstract send(request: WebhookRequest): Promise<WebhookSendResult>;
}
