import { useQueryClient } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { SendPdfPanel } from '@/components/send-pdf-panel.js';
import { SignInForm } from '@/components/sign-in-form.js';
import { useSession } from '@/components/use-session.js';
import { useStoredValue } from '@/components/use-stored-value.js';
import { activeTabsItem } from '@/utils/storage.js';
import { BookView } from './book-view.js';
import { ChapterView } from './chapter-view.js';
import { LibraryView } from './library-view.js';
import { usePanelRoute } from './use-panel-route.js';

export function SidePanelApp() {
  const queryClient = useQueryClient();
  const { session, setSession } = useSession();
  const { route, setRoute, windowId } = usePanelRoute();
  const activeTabs = useStoredValue(activeTabsItem);
  const activeTab = windowId === null ? undefined : activeTabs?.[String(windowId)];

  if (!session) return <p className="muted">Loading...</p>;
  if (!session.user) {
    return (
      <main className="panel stack">
        <Header />
        <SignInForm
          session={session}
          onSignedIn={(view) => {
            queryClient.clear();
            setSession(view);
          }}
        />
      </main>
    );
  }

  // Offer to send the active tab when it shows a PDF that is not a book yet. Pages of unknown type
  // are left to the popup: the panel would otherwise offer it on every web page.
  const activeState = activeTab?.state;
  const offerSend = (activeState?.kind === 'pdf' && !activeState.bookId) || activeState?.kind === 'file-access-off';
  return (
    <main className="panel stack">
      <Header email={session.user.email} />
      {offerSend && activeTab && windowId !== null && (
        <SendPdfPanel tab={{ id: activeTab.tabId, windowId }} state={activeTab.state} opensSidePanel={false} />
      )}
      {route.view === 'library' && (
        <LibraryView
          onOpenBook={(bookId) => setRoute({ view: 'book', bookId })}
          onOpenChapter={(chapterId, bookId) => setRoute({ view: 'chapter', chapterId, bookId })}
        />
      )}
      {route.view === 'book' && (
        <BookView
          bookId={route.bookId}
          serverUrl={session.serverUrl}
          onBack={() => setRoute({ view: 'library' })}
          onOpenChapter={(chapterId) => setRoute({ view: 'chapter', chapterId, bookId: route.bookId })}
        />
      )}
      {route.view === 'chapter' && (
        <ChapterView
          chapterId={route.chapterId}
          serverUrl={session.serverUrl}
          onBack={() => setRoute({ view: 'book', bookId: route.bookId })}
        />
      )}
    </main>
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
