/**
 * "Not configured" has one shape in every provider: the port's disabled adapter, whose
 * `disabledReason` tells an operator what to set. Enabled adapters have `disabledReason === null`.
 */
export interface Disableable {
  readonly disabledReason: string | null;
}

/** What a disabled adapter throws when it is used anyway. */
export class ProviderDisabledError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ProviderDisabledError';
  }
}
