export interface UiError {
  kind:
    | 'unreachable'
    | 'signed-out'
    | 'upgrade-required'
    | 'host-access'
    | 'file-access'
    | 'not-a-pdf'
    | 'download'
    | 'not-found'
    | 'api';
  message: string;
  /** A page that resolves the problem: pricing for the upload limit, extension settings for file access. */
  link?: { href: string; label: string };
}

/** What every background call answers: the value, or an error the UI shows as is. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UiError };

export const succeeded = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failed = (error: UiError): Outcome<never> => ({ ok: false, error });

/** Texts the extension adds to the spec's catalogue (MESSAGES in @chapterwise/shared). */
export const EXTENSION_TEXT = {
  sendThisPdf: 'Send this PDF to ChapterWise',
  sendLinkedPdf: 'Send linked PDF to ChapterWise',
  signInFirst: 'Sign in to ChapterWise first.',
  accountChanged: 'You changed account while this was loading. Try again.',
  unreachable: (serverUrl: string) =>
    `Cannot reach the ChapterWise server at ${serverUrl}. Check that it is running and that the server address in the extension options is right.`,
  hostAccessDenied: (host: string) =>
    `ChapterWise needs your permission to read the PDF from ${host}. Click Send again and choose Allow.`,
  fileAccessOffChrome:
    'ChapterWise cannot read PDFs opened from your computer yet. Open the extension details and turn on "Allow access to file URLs", then try again.',
  fileAccessUnsupported:
    'This browser does not let extensions read files from your computer. Upload the PDF from the dashboard instead.',
  webPageNotPdf: 'This link opens a web page, not a PDF (maybe a sign-in page).',
  downloadFailed: (status: number) => `The PDF could not be downloaded (HTTP ${status}).`,
  invalidServerUrl: 'Enter the server address starting with http:// or https://',
  todayFailed: "Could not load today's plan.",
} as const;
