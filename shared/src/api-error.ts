/** An API call that answered with an error status; `detail` is the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly body: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The server's `detail` when there is one, otherwise the caller's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
