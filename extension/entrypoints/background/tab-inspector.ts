import { fileSchemeAccessAllowed, hasHostAccess } from '@/utils/host-access.js';
import { documentUrlOf, hasPdfPath, isFetchableUrl, sourceKey, type TabPdfState } from '@/utils/pdf-url.js';
import type { BookLocator } from './book-locator.js';

const CONTENT_TYPE_CACHE_SIZE = 100;

export class TabInspector {
  // HEAD answers per address, so switching tabs does not repeat requests.
  private readonly servesPdfCache = new Map<string, boolean>();

  constructor(
    private readonly locator: BookLocator,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  async inspect(tabUrl: string): Promise<TabPdfState> {
    const url = documentUrlOf(tabUrl);
    if (!isFetchableUrl(url)) return { kind: 'not-pdf' };
    if (url.startsWith('file:')) {
      if (!hasPdfPath(url)) return { kind: 'not-pdf' };
      if (!(await fileSchemeAccessAllowed())) return { kind: 'file-access-off', url };
      return this.pdf(url);
    }
    const shownByViewer = url !== tabUrl;
    if (shownByViewer || hasPdfPath(url)) return this.pdf(url);
    // Without access to the site a HEAD answer cannot be read (CORS); the user may grant it.
    if (!(await hasHostAccess(url))) return { kind: 'maybe-pdf', url };
    return (await this.servesPdf(url)) ? this.pdf(url) : { kind: 'not-pdf' };
  }

  private async pdf(url: string): Promise<TabPdfState> {
    return { kind: 'pdf', url, bookId: await this.locator.bookFor(url) };
  }

  private async servesPdf(url: string): Promise<boolean> {
    const key = sourceKey(url);
    const cached = this.servesPdfCache.get(key);
    if (cached !== undefined) return cached;
    let isPdf: boolean;
    try {
      const response = await this.fetchImpl(url, { method: 'HEAD', credentials: 'include' });
      isPdf = response.ok && /^application\/pdf\b/i.test(response.headers.get('content-type') ?? '');
    } catch {
      // Offline or refused: ask again next time.
      return false;
    }
    if (this.servesPdfCache.size >= CONTENT_TYPE_CACHE_SIZE) {
      const oldest = this.servesPdfCache.keys().next().value;
      if (oldest !== undefined) this.servesPdfCache.delete(oldest);
    }
    this.servesPdfCache.set(key, isPdf);
    return isPdf;
  }
}
