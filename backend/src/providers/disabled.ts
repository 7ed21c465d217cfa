/** "Not configured" has one shape: a disabled adapter whose `disabledReason` tells an operator what to set. */
export interface Disableable {
  readonly disabledReason: string | null;
}

export class ProviderDisabledError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ProviderDisabledError';
  }
}
