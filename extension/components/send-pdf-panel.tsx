import { useState } from 'react';
import { extensionSettingsUrl, requestHostAccess } from '@/utils/host-access.js';
import { sendMessage } from '@/utils/messaging.js';
import { sourceKey, type TabPdfState } from '@/utils/pdf-url.js';
import { openSidePanel } from '@/utils/side-panel.js';
import { sendProgressItem, type SendProgress } from '@/utils/storage.js';
import { EXTENSION_TEXT, type UiError } from '@/utils/ui-error.js';
import { ErrorNotice } from './error-notice.js';
import { OpenLink } from './open-link.js';
import { ProgressBar } from './status-badge.js';
import { useStoredValue } from './use-stored-value.js';

export interface TargetTab {
  id: number;
  windowId: number;
}

/**
 * "Send this PDF to ChapterWise" for one tab, with the run's progress. The popup also opens the side
 * panel; the side panel shows it for the active tab of its window.
 */
export function SendPdfPanel({
  tab,
  state,
  opensSidePanel,
}: {
  tab: TargetTab;
  state: TabPdfState;
  opensSidePanel: boolean;
}) {
  const progress = useStoredValue(sendProgressItem);
  const [requestError, setRequestError] = useState<UiError | null>(null);

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
  const run = progress && progress.sourceUrl === sourceKey(url) ? progress : null;
  const busy = run?.phase === 'downloading' || run?.phase === 'uploading';

  const send = () => {
    setRequestError(null);
    // Both need the click's gesture: start them before anything is awaited.
    if (opensSidePanel) openSidePanel(tab.windowId).catch(() => undefined);
    // A book already sent opens without downloading, so it needs no access to the site.
    const known = state.kind === 'pdf' && state.bookId !== null;
    const access = known ? Promise.resolve(true) : requestHostAccess(url).catch(() => false);
    void access.then(async (granted) => {
      if (!granted) {
        setRequestError({ kind: 'host-access', message: EXTENSION_TEXT.hostAccessDenied(new URL(url).host || url) });
        return;
      }
      // The outcome also lands in sendProgressItem, which renders it.
      await sendMessage('sendPdf', { url, tabId: tab.id, windowId: tab.windowId }).catch(() =>
        setRequestError({ kind: 'api', message: 'ChapterWise stopped responding. Try again.' }),
      );
    });
  };

  return (
    <section className="send stack" aria-label="Send PDF">
      {state.kind === 'maybe-pdf' && (
        <p className="muted">ChapterWise can tell whether this page is a PDF once you let it read this site.</p>
      )}
      {state.kind === 'pdf' && state.bookId && <p className="muted">This PDF is already in your library.</p>}
      <button type="button" className="button-primary" onClick={send} disabled={busy}>
        {state.kind === 'maybe-pdf' ? 'Send this page as a PDF' : EXTENSION_TEXT.sendThisPdf}
      </button>
      <SendProgressView run={run} />
      <ErrorNotice error={requestError} />
    </section>
  );
}

function SendProgressView({ run }: { run: SendProgress | null }) {
  if (!run) return null;
  switch (run.phase) {
    case 'downloading':
      return (
        <div className="stack-tight">
          <span>Downloading the PDF{run.percent !== null ? ` ${run.percent}%` : '...'}</span>
          <ProgressBar percent={run.percent} label="Download progress" />
        </div>
      );
    case 'uploading':
      return (
        <div className="stack-tight">
          <span>Uploading to ChapterWise{run.percent !== null ? ` ${run.percent}%` : '...'}</span>
          <ProgressBar percent={run.percent} label="Upload progress" />
        </div>
      );
    case 'done':
      return (
        <p className="notice notice-success" role="status">
          {run.reused ? 'Already in your library: opening its book.' : 'Sent! The book opens in the side panel.'}
        </p>
      );
    case 'failed':
      return <ErrorNotice error={run.error} />;
  }
}
