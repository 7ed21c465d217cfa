/** Read structurally, not with `instanceof ApiError`: the entry chunk then does not pull in the API client and zod. */
export function apiStatus(error: unknown): number | undefined {
  if (error instanceof Error && error.name === 'ApiError' && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return apiStatus(error) === 401;
}
