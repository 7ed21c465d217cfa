import { z } from 'zod';

// C0 controls except tab and line feed, DEL and the C1 block: invisible, and NUL cuts strings short in C
// libraries, spreadsheets and terminals. Carriage returns are folded into line feeds first.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// Bidirectional embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI) reorder the
// text around them, so "fdp.exe" can display as "exe.pdf". The marks LRM, RLM and ALM stay: right-to-left
// writing needs them and they reorder nothing.
const BIDI_FORMATTING = /[\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;

export interface UserTextOptions {
  /** Keep line feeds and tabs (notes, card answers); otherwise they become spaces (names, labels, titles). */
  multiline?: boolean;
}

/**
 * Text a person typed (or a PDF carried) without the invisible characters that change how it is read:
 * control characters and bidirectional overrides. Used by the request schemas and again by every export.
 */
export function sanitiseUserText(text: string, options: UserTextOptions = {}): string {
  const unified = text.replace(LINE_BREAKS, '\n');
  const flat = options.multiline ? unified : unified.replace(/[\t\n]/g, ' ');
  return flat.replace(CONTROL_CHARACTERS, '').replace(BIDI_FORMATTING, '');
}

/** A string schema that sanitises first, so `.trim()`, `.min()` and `.max()` after it see the clean text. */
export function userTextSchema(options: UserTextOptions & { error?: string } = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  return base.overwrite((text) => sanitiseUserText(text, options));
}

export interface PageNumberMessages {
  /** Not a number at all, or below 1. */
  invalid: string;
  /** A number with a fraction. */
  whole: string;
}

const PAGE_NUMBER_MESSAGES: PageNumberMessages = {
  invalid: 'page must be a page number of the book',
  whole: 'page must be a whole page number',
};

/**
 * A 1-based physical page number as JSON carries it: a whole number, never coerced, so `true`, `[5]`,
 * `"0x10"` and `"1e2"` are refused. Whether the book has that page is the service's check.
 */
export function pageNumberSchema(messages: PageNumberMessages = PAGE_NUMBER_MESSAGES) {
  return z.number({ error: messages.invalid }).int(messages.whole).min(1, messages.invalid);
}
