import { MESSAGES } from '@chapterwise/shared';
import { extensionSettingsUrl, fileSchemeAccessAllowed, hasHostAccess } from '@/utils/host-access.js';
import type { SendRequest, SentBook } from '@/utils/messaging.js';
import { pdfFileName, sourceKey } from '@/utils/pdf-url.js';
import { authNoticeItem, authTokenItem, sendProgressItem, type SendProgress } from '@/utils/storage.js';
import { EXTENSION_TEXT, failed, succeeded, type Outcome, type UiError } from '@/utils/ui-error.js';
import { fixedText, serverDetailOr, type BackendSession } from './backend-session.js';
import { focusBookInPanel, type BookLocator } from './book-locator.js';

type ProgressUpdate = Omit<SendProgress, 'sourceUrl' | 'at'>;

interface DownloadedPdf {
  blob: Blob;
  fileName: string;
}

// Only the first KiB is searched for the signature, like PDF readers do.
const PDF_SIGNATURE_WINDOW = 1024;

// Downloads with the user's cookies; a PDF sent before opens its book without a new upload.
export class PdfSender {
  private readonly running = new Map<string, Promise<Outcome<SentBook>>>();

  constructor(
    private readonly session: BackendSession,
    private readonly locator: BookLocator,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** One run per address at a time: a second click joins the running one. */
  send(request: SendRequest): Promise<Outcome<SentBook>> {
    const key = sourceKey(request.url);
    const running = this.running.get(key);
    if (running) return running;
    const run = this.run(request, key).finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  // `accessRequest` was started inside the click's gesture; the send goes ahead once the user answered it.
  async sendAfterAccessRequest(request: SendRequest, accessRequest: Promise<boolean>): Promise<Outcome<SentBook>> {
    const granted = await accessRequest.catch(() => false);
    if (!granted) {
      const error = hostAccessError(request.url);
      await this.report(sourceKey(request.url), { phase: 'failed', percent: null, error });
      return failed(error);
    }
    return this.send(request);
  }

  private async run(request: SendRequest, key: string): Promise<Outcome<SentBook>> {
    const outcome = await this.uploadOrReuse(request, key);
    if (!outcome.ok) {
      await this.report(key, { phase: 'failed', percent: null, error: outcome.error });
      return outcome;
    }
    await this.report(key, { phase: 'done', percent: 100, bookId: outcome.value.bookId, reused: outcome.value.reused });
    await focusBookInPanel(outcome.value.bookId, request.windowId ?? null);
    return outcome;
  }

  private async uploadOrReuse(request: SendRequest, key: string): Promise<Outcome<SentBook>> {
    if (!(await authTokenItem.getValue())) {
      return failed({ kind: 'signed-out', message: (await authNoticeItem.getValue()) ?? EXTENSION_TEXT.signInFirst });
    }
    const knownBookId = await this.locator.bookFor(key);
    if (knownBookId) {
      const known = await this.session.call((api) => api.getBook(knownBookId), fixedText(MESSAGES.loadBookFailed));
      if (known.ok) return succeeded({ bookId: knownBookId, reused: true });
      if (known.error.kind !== 'not-found') return known;
      // Deleted from the library since: send it again.
      this.locator.forget(knownBookId);
    }

    const accessError = await this.accessError(request.url);
    if (accessError) return failed(accessError);

    await this.report(key, { phase: 'downloading', percent: 0 });
    const downloaded = await this.download(request.url, (percent) =>
      this.report(key, { phase: 'downloading', percent }),
    );
    if (!downloaded.ok) return downloaded;

    await this.report(key, { phase: 'uploading', percent: null });
    const uploaded = await this.session.call(
      (api) =>
        api.uploadBook(
          downloaded.value.blob,
          downloaded.value.fileName,
          // Measured where XMLHttpRequest exists (Firefox's background page); a service worker uploads with fetch.
          (percent) => void this.report(key, { phase: 'uploading', percent }),
          key,
        ),
      serverDetailOr(MESSAGES.uploadFailed),
    );
    if (!uploaded.ok) return uploaded;
    await this.locator.remember(key, uploaded.value.id);
    return succeeded({ bookId: uploaded.value.id, reused: false });
  }

  private async accessError(url: string): Promise<UiError | null> {
    if (url.startsWith('file:')) {
      if (!(await fileSchemeAccessAllowed())) return fileAccessError();
      return (await hasHostAccess(url)) ? null : fileAccessError();
    }
    return (await hasHostAccess(url)) ? null : hostAccessError(url);
  }

  private async download(url: string, onProgress: (percent: number) => Promise<void>): Promise<Outcome<DownloadedPdf>> {
    let response: Response;
    try {
      // The user's cookies go along, so PDFs behind a login download as the tab showed them.
      response = await this.fetchImpl(url, { credentials: 'include' });
    } catch {
      return failed({ kind: 'download', message: EXTENSION_TEXT.downloadFailed(0) });
    }
    if (!response.ok) return failed({ kind: 'download', message: EXTENSION_TEXT.downloadFailed(response.status) });
    // A .pdf link that answers with a page is most often a sign-in wall: say so before reading it all.
    if (/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) {
      await response.body?.cancel().catch(() => undefined);
      return failed({ kind: 'not-a-pdf', message: EXTENSION_TEXT.webPageNotPdf });
    }

    const total = Number(response.headers.get('content-length')) || 0;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    let reported = 0;
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : 0;
        if (percent > reported) {
          reported = percent;
          await onProgress(percent);
        }
      }
    } else {
      chunks.push(new Uint8Array(await response.arrayBuffer()));
    }
    const blob = new Blob(chunks, { type: 'application/pdf' });
    const head = await blob.slice(0, PDF_SIGNATURE_WINDOW).text();
    if (!head.includes('%PDF-')) {
      const message = /^\s*</.test(head) ? EXTENSION_TEXT.webPageNotPdf : MESSAGES.notAPdf;
      return failed({ kind: 'not-a-pdf', message });
    }
    return succeeded({ blob, fileName: pdfFileName(url, response.headers.get('content-disposition')) });
  }

  private report(sourceUrl: string, update: ProgressUpdate): Promise<void> {
    return sendProgressItem.setValue({ sourceUrl, at: Date.now(), ...update });
  }
}

function hostAccessError(url: string): UiError {
  return { kind: 'host-access', message: EXTENSION_TEXT.hostAccessDenied(new URL(url).host || url) };
}

function fileAccessError(): UiError {
  if (import.meta.env.BROWSER === 'firefox')
    return { kind: 'file-access', message: EXTENSION_TEXT.fileAccessUnsupported };
  return {
    kind: 'file-access',
    message: EXTENSION_TEXT.fileAccessOffChrome,
    link: { href: extensionSettingsUrl(), label: 'Open extension details' },
  };
}
