import { ProviderDisabledError } from '../disabled.js';
import { TextEmbedder } from './text-embedder.port.js';

export class DisabledTextEmbedder extends TextEmbedder {
  readonly model = '';

  constructor(readonly disabledReason: string) {
    super();
  }

  embed(): Promise<number[][]> {
    return Promise.reject(new ProviderDisabledError(this.disabledReason));
  }
}
