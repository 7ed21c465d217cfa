import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { browser } from 'wxt/browser';
import { MiniPlayer } from '@/components/now-playing.js';
import { createPanelQueryClient } from '@/components/query-policy.js';
import { SendPdfPanel } from '@/components/send-pdf-panel.js';
import { SignInForm } from '@/components/sign-in-form.js';
import { ToastArea } from '@/components/toasts.js';
import { useReconnect } from '@/components/use-reconnect.js';
import { useSession } from '@/components/use-session.js';
import { useStoredValue } from '@/components/use-stored-value.js';
import { activeTabsItem } from '@/utils/storage.js';
import { BookView } from './book-view.js';
import { ChapterView } from './chapter-view.js';
import { FlashcardReview } from './flashcard-review.js';
import { LibraryView } from './library-view.js';
import { usePanelRoute } from './use-panel-route.js';

export function SidePanelApp() {
  const { session, setSession } = useSession();

  if (!session) return <p className="muted">Loading...</p>;
  return (
    <main className="panel stack">
      <div className="top-bar">
        <Header email={session.user?.email} />
        <MiniPlayer />
        <ToastArea />
      </div>
      {session.user ? (
        // A new account gets a new panel: no view, cached answer or error of the previous one survives.
        <AccountPanel key={session.user.id} userId={session.user.id} serverUrl={session.serverUrl} />
      ) : (
        <SignInForm session={session} onSignedIn={setSession} />
      )}
    </main>
  );
}

function AccountPanel({ userId, serverUrl }: { userId: string; serverUrl: string }) {
  const [queryClient] = useState(createPanelQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AccountViews userId={userId} serverUrl={serverUrl} />
    </QueryClientProvider>
  );
}

function AccountViews({ userId, serverUrl }: { userId: string; serverUrl: string }) {
  const { route, setRoute, windowId } = usePanelRoute();
  const activeTabs = useStoredValue(activeTabsItem);
  const activeTab = windowId === null ? undefined : activeTabs?.[String(windowId)];
  useReconnect();

  // Offer to send the active tab when it shows a PDF that is not a book yet. Pages of unknown type
  // are left to the popup: the panel would otherwise offer it on every web page.
  const activeState = activeTab?.state;
  const offerSend = (activeState?.kind === 'pdf' && !activeState.bookId) || activeState?.kind === 'file-access-off';
  return (
    <>
      {offerSend && activeTab && windowId !== null && (
        <SendPdfPanel tab={{ id: activeTab.tabId, windowId }} state={activeTab.state} opensSidePanel={false} namesTab />
      )}
      {route.view === 'library' && (
        <LibraryView
          userId={userId}
          onOpenBook={(bookId) => setRoute({ view: 'book', bookId })}
          onOpenChapter={(chapterId, bookId) => setRoute({ view: 'chapter', chapterId, bookId })}
          onStartReviews={(bookId) => setRoute({ view: 'review', bookId })}
          serverUrl={serverUrl}
        />
      )}
      {route.view === 'review' && (
        <section className="stack" aria-label="Reviews">
          <button type="button" className="link-button" onClick={() => setRoute({ view: 'library' })}>
            ← Today
          </button>
          <FlashcardReview bookId={route.bookId} startNow />
        </section>
      )}
      {route.view === 'book' && (
        <BookView
          bookId={route.bookId}
          userId={userId}
          serverUrl={serverUrl}
          onBack={() => setRoute({ view: 'library' })}
          onOpenChapter={(chapterId) => setRoute({ view: 'chapter', chapterId, bookId: route.bookId })}
        />
      )}
      {route.view === 'chapter' && (
        <ChapterView
          chapterId={route.chapterId}
          userId={userId}
          serverUrl={serverUrl}
          onBack={() => setRoute({ view: 'book', bookId: route.bookId })}
        />
      )}
    </>
  );
}

function Header({ email }: { email?: string }) {
  return (
    <header className="header">
      <strong>ChapterWise</strong>
      <span className="muted small">{email}</span>
      <button type="button" className="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
        Options
      </button>
    </header>
  );
}
