/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address shown on the contact and legal pages (defaults to support@chapterwise.app). */
  readonly VITE_SUPPORT_EMAIL?: string;
}
