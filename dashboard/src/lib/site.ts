/** Where people reach support; set VITE_SUPPORT_EMAIL at build time to the backend's SUPPORT_EMAIL. */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@chapterwise.app';
