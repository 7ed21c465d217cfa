import { ApiError, MESSAGES, UpgradeRequiredSchema, type UpgradeRequired } from '@chapterwise/shared';

export function upgradeRequired(error: unknown): UpgradeRequired | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const parsed = UpgradeRequiredSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** Spec §8: detail message, else detail text, else error message, else the fallback. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const detail: unknown =
      error.body && typeof error.body === 'object' && 'detail' in error.body ? error.body.detail : undefined;
    if (detail && typeof detail === 'object' && 'message' in detail && typeof detail.message === 'string') {
      return detail.message;
    }
    if (typeof detail === 'string' && detail) return detail;
    // An ApiError's own message is technical ("Request failed with status 502").
    return MESSAGES.uploadFailed;
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.uploadFailed;
}

/** One file, a .pdf name and the application/pdf type (spec §5). */
export function isPdf(file: File): boolean {
  return file.name.toLowerCase().endsWith('.pdf') && file.type === 'application/pdf';
}
