/** Timings and limits of the spec (§9) in one place. */
export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 5;
export const TOAST_DURATION_MS = 4000;
export const TOASTS_VISIBLE = 3;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_LENGTH = 8;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 6;
export const RESET_REDIRECT_DELAY_MS = 2000;
export const COPYRIGHT_YEAR = 2025;

/** Policy constants the static pages are written from. */
export const POLICY = {
  minimumAge: 13,
  refundWindowDays: 7,
  refundProcessingBusinessDays: '5-10',
  supportResponseHours: 24,
} as const;

/** Where the session lives in the browser (two keys, as the spec says). */
export const SESSION_TOKEN_KEY = 'chapterwise.token';
export const SESSION_USER_KEY = 'chapterwise.user';

/** Written by the dashboard's build beside index.html: per page URL pattern, its script files (the server names them in the page). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
