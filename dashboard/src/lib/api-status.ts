/**
 * The HTTP status of a failed API call, or undefined for anything else. Read structurally rather
 * than with `instanceof ApiError`: the app's entry chunk then does not pull in the API client and
 * zod, which only pages that fetch data need (the landing page stays small).
 */
export function apiStatus(error: unknown): number | undefined {
  if (error instanceof Error && error.name === 'ApiError' && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return apiStatus(error) === 401;
}
