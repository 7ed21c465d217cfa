import type { Book } from '@chapterwise/shared';
import { useEffect, useState } from 'react';
import { extensionSettingsUrl, requestHostAccess } from '@/utils/host-access.js';
import { sendMessage } from '@/utils/messaging.js';
import { pdfFileName, sourceKey, type TabPdfState } from '@/utils/pdf-url.js';
import { openSidePanel } from '@/utils/side-panel.js';
import { sendProgressItem, type SendProgress } from '@/utils/storage.js';
import { EXTENSION_TEXT, type UiError } from '@/utils/ui-error.js';
import { ErrorNotice } from './error-notice.js';
import { OpenLink } from './open-link.js';
import { ProgressBar, StatusBadge } from './status-badge.js';
import { useStoredValue } from './use-stored-value.js';

export interface TargetTab {
  id: number;
  windowId: number;
}

// A send that failed this recently (from the context menu, say) is still explained when the view opens.
const RECENT_FAILURE_MS = 10_000;
const BOOK_POLL_MS = 2000;

// The side panel names the tab, since it may be showing another book.
export function SendPdfPanel({
  tab,
  state,
  opensSidePanel,
  namesTab = false,
}: {
  tab: TargetTab;
  state: TabPdfState;
  opensSidePanel: boolean;
  namesTab?: boolean;
}) {
  const progress = useStoredValue(sendProgressItem);
  const [requestError, setRequestError] = useState<UiError | null>(null);
  // A send's outcome is news only to the view that saw it (or a failure just before it opened): not a later popup.
  const [openedAt] = useState(() => Date.now());

  if (state.kind === 'not-pdf') return <p className="muted">Open a PDF in this tab to send it to ChapterWise.</p>;
  if (state.kind === 'file-access-off') {
    return import.meta.env.BROWSER === 'firefox' ? (
      <p className="notice notice-warning">{EXTENSION_TEXT.fileAccessUnsupported}</p>
    ) : (
      <div className="notice notice-warning">
        <p>{EXTENSION_TEXT.fileAccessOffChrome}</p>
        <OpenLink href={extensionSettingsUrl()}>Open extension details</OpenLink>
      </div>
    );
  }

  const url = state.url;
  const ofThisTab = progress && progress.sourceUrl === sourceKey(url) ? progress : null;
  const sending = ofThisTab?.phase === 'downloading' || ofThisTab?.phase === 'uploading';
  const fresh = (run: SendProgress) =>
    run.at >= openedAt || (run.phase === 'failed' && run.at >= openedAt - RECENT_FAILURE_MS);
  const run = ofThisTab && (sending || fresh(ofThisTab)) ? ofThisTab : null;
  const bookId = (state.kind === 'pdf' ? state.bookId : null) ?? (run?.phase === 'done' ? run.bookId : undefined);

  const send = () => {
    setRequestError(null);
    // Both need the click's gesture: start them before anything is awaited.
    if (opensSidePanel) openSidePanel(tab.windowId).catch(() => undefined);
    void requestHostAccess(url)
      .catch(() => false)
      .then(async (granted) => {
        if (!granted) {
          setRequestError({ kind: 'host-access', message: EXTENSION_TEXT.hostAccessDenied(new URL(url).host || url) });
          return;
        }
        await sendMessage('sendPdf', { url, tabId: tab.id, windowId: tab.windowId }).catch(() =>
          setRequestError({ kind: 'api', message: 'ChapterWise stopped responding. Try again.' }),
        );
      });
  };

  let body;
  if (sending) body = <SendProgressView run={run} />;
  else if (bookId) {
    const justSent = run?.phase === 'done' && !run.reused;
    body = <BookOfTab bookId={bookId} justSent={justSent} tab={tab} opensSidePanel={opensSidePanel} />;
  } else {
    body = (
      <>
        {state.kind === 'maybe-pdf' && (
          <p className="muted">ChapterWise can tell whether this page is a PDF once you let it read this site.</p>
        )}
        <button type="button" className="button-primary" onClick={send}>
          {state.kind === 'maybe-pdf' ? 'Send this page as a PDF' : EXTENSION_TEXT.sendThisPdf}
        </button>
        <ErrorNotice error={requestError ?? (run?.phase === 'failed' ? run.error : null)} onRetry={send} />
      </>
    );
  }
  return (
    <section className="send stack tab-card" aria-label="This tab">
      {namesTab && (
        <p className="tab-card-title muted">
          This tab: <strong>{pdfFileName(url)}</strong>
        </p>
      )}
      {body}
    </section>
  );
}

function BookOfTab({
  bookId,
  justSent,
  tab,
  opensSidePanel,
}: {
  bookId: string;
  justSent: boolean;
  tab: TargetTab;
  opensSidePanel: boolean;
}) {
  const book = useBookStatus(bookId);
  const open = () => {
    openSidePanel(tab.windowId).catch(() => undefined);
    void sendMessage('showBook', { bookId, windowId: tab.windowId });
  };
  return (
    <div className="stack-tight">
      {justSent ? (
        <p className="notice notice-success" role="status">
          Sent! The book opens in the side panel.
        </p>
      ) : (
        <p>This PDF is already in your library.</p>
      )}
      {book && (
        <div className="row">
          <StatusBadge status={book.status} />
          <span className="muted small">{book.title}</span>
        </div>
      )}
      {book && book.status !== 'completed' && book.status !== 'failed' && (
        <ProgressBar percent={book.progress} label="Processing progress" />
      )}
      {opensSidePanel && (
        <button type="button" className="button-primary" onClick={open}>
          Study it in the side panel
        </button>
      )}
    </div>
  );
}

function useBookStatus(bookId: string): Book | null {
  const [book, setBook] = useState<Book | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const load = async () => {
      const outcome = await sendMessage('getBook', bookId).catch(() => null);
      if (!active || !outcome?.ok) return;
      setBook(outcome.value);
      if (outcome.value.status !== 'completed' && outcome.value.status !== 'failed')
        timer = setTimeout(() => void load(), BOOK_POLL_MS);
    };
    void load();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [bookId]);
  return book;
}

function SendProgressView({ run }: { run: SendProgress | null }) {
  if (run?.phase === 'downloading') {
    return (
      <div className="stack-tight">
        <span>Downloading the PDF{run.percent !== null ? ` ${run.percent}%` : '...'}</span>
        <ProgressBar percent={run.percent} label="Download progress" />
      </div>
    );
  }
  return (
    <div className="stack-tight">
      <span>Uploading to ChapterWise{run?.percent != null ? ` ${run.percent}%` : '...'}</span>
      <ProgressBar percent={run?.percent ?? null} label="Upload progress" />
    </div>
  );
}
