import type { Outcome, UiError } from '@/utils/ui-error.js';

export class BackgroundError extends Error {
  constructor(readonly uiError: UiError) {
    super(uiError.message);
    this.name = 'BackgroundError';
  }
}

export async function unwrap<T>(answer: Promise<Outcome<T>>): Promise<T> {
  const outcome = await answer;
  if (!outcome.ok) throw new BackgroundError(outcome.error);
  return outcome.value;
}

/** The UiError behind any thrown value, with `fallback` for the unexpected (a closed message port). */
export function uiErrorOf(error: unknown, fallback: string): UiError {
  if (error instanceof BackgroundError) return error.uiError;
  return { kind: 'api', message: fallback };
}
