export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookSendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** Retrying cannot help (the target is refused by policy). */
  permanent: boolean;
}

export class WebhookTargetError extends Error {
  override name = 'WebhookTargetError';
}

/** Implementations connect only to the public address they checked, never follow redirects, and time out. */
export abstract class WebhookSender {
  /** Throws a WebhookTargetError naming the problem. */
  abstract checkTarget(url: string): Promise<void>;
  /** POSTs the body; never throws for network or HTTP failures, which come back in the result. */
  abstract send(request: WebhookRequest): Promise<WebhookSendResult>;
}
