import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { SendPdfPanel, type TargetTab } from '@/components/send-pdf-panel.js';
import { SignInForm } from '@/components/sign-in-form.js';
import { useSession } from '@/components/use-session.js';
import { sendMessage } from '@/utils/messaging.js';
import type { TabPdfState } from '@/utils/pdf-url.js';
import { openSidePanel } from '@/utils/side-panel.js';

interface InspectedTab {
  /** Whether the tab is a book depends on who is signed in. */
  userId: string;
  tab: TargetTab;
  state: TabPdfState;
}

export function PopupApp() {
  const { session, setSession } = useSession();
  const [lastInspected, setInspected] = useState<InspectedTab | null>(null);
  const userId = session?.user?.id ?? null;
  const inspected = lastInspected?.userId === userId ? lastInspected : null;

  useEffect(() => {
    if (!userId) return;
    const inspect = async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined || tab.windowId === undefined) return;
      const state = tab.url
        ? await sendMessage('inspectTab', { tabId: tab.id, url: tab.url })
        : ({ kind: 'not-pdf' } as const);
      setInspected({ userId, tab: { id: tab.id, windowId: tab.windowId }, state });
    };
    inspect().catch(() => undefined);
  }, [userId]);

  if (!session) return <main className="popup muted">Loading...</main>;
  return (
    <main className="popup stack">
      <header className="header">
        <strong>ChapterWise</strong>
        {session.user && <span className="muted small">{session.user.email}</span>}
      </header>
      {!session.user ? (
        <SignInForm session={session} onSignedIn={setSession} />
      ) : (
        <>
          {inspected ? (
            <SendPdfPanel tab={inspected.tab} state={inspected.state} opensSidePanel />
          ) : (
            <p className="muted">Checking this tab...</p>
          )}
          <div className="row">
            {inspected && (
              <button type="button" onClick={() => void openSidePanel(inspected.tab.windowId).catch(() => undefined)}>
                Open side panel
              </button>
            )}
            <button type="button" className="link-button" onClick={() => void sendMessage('signOut').then(setSession)}>
              Sign out
            </button>
          </div>
        </>
      )}
      <button type="button" className="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
        Options
      </button>
    </main>
  );
}
