import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { requestHostAccess } from '@/utils/host-access.js';
import { onMessage } from '@/utils/messaging.js';
import { openSidePanel } from '@/utils/side-panel.js';
import { BackendSession } from './backend-session.js';
import { BookLocator, focusBookInPanel } from './book-locator.js';
import { CitationOpener } from './citation-opener.js';
import { createSendMenus, menuTarget, showSendPageMenu } from './context-menu.js';
import { LibraryService } from './library-service.js';
import { FlashcardService } from './flashcard-service.js';
import { ExamService } from './exam-service.js';
import { PdfSender } from './pdf-sender.js';
import { TabInspector } from './tab-inspector.js';
import { TabWatcher } from './tab-watcher.js';

// Wiring only: the background alone holds the token and talks to the backend (EXT-1).
export default defineBackground(() => {
  const session = new BackendSession();
  const locator = new BookLocator(session);
  const library = new LibraryService(session, locator);
  const citations = new CitationOpener(session, locator);
  const inspector = new TabInspector(locator);
  const sender = new PdfSender(session, locator);
  const watcher = new TabWatcher(inspector, (state) => showSendPageMenu(state.kind === 'pdf'));

  const refreshTab = async (tabId: number | undefined) => {
    if (tabId !== undefined) await watcher.tabShown(await browser.tabs.get(tabId));
  };

  browser.runtime.onInstalled.addListener(() => void createSendMenus());
  browser.contextMenus.onClicked.addListener((info, tab) => {
    const target = menuTarget(info, tab);
    if (!target) return;
    // Both need this click's gesture: start them before anything is awaited.
    if (tab?.windowId !== undefined) openSidePanel(tab.windowId).catch(() => undefined);
    void sender
      .sendAfterAccessRequest(target, requestHostAccess(target.url))
      .then(() => refreshTab(target.tabId))
      .catch(() => undefined);
  });
  browser.tabs.onActivated.addListener(({ tabId }) => void refreshTab(tabId).catch(() => undefined));
  browser.tabs.onUpdated.addListener((_tabId, change, tab) => {
    if (change.url !== undefined || change.status === 'complete') void watcher.tabShown(tab);
  });
  browser.windows.onRemoved.addListener((windowId) => void watcher.windowClosed(windowId));

  onMessage('getSession', () => session.view());
  // After a sign-in, the open tabs are asked about again: they may be this account's books.
  const refreshActiveTabs = async () => {
    for (const tab of await browser.tabs.query({ active: true })) await watcher.tabShown(tab);
  };
  onMessage('signIn', async ({ data }) => {
    const outcome = await session.signIn(data.email, data.password);
    if (outcome.ok) await refreshActiveTabs().catch(() => undefined);
    return outcome;
  });
  onMessage('signOut', () => session.signOut());
  onMessage('setServerUrl', ({ data }) => session.setServerUrl(data));
  onMessage('checkServer', () => session.checkServer());

  onMessage('inspectTab', ({ data }) => inspector.inspect(data.url));
  onMessage('sendPdf', async ({ data }) => {
    const outcome = await sender.send(data);
    await refreshTab(data.tabId).catch(() => undefined);
    return outcome;
  });

  onMessage('showBook', ({ data }) => focusBookInPanel(data.bookId, data.windowId));
  onMessage('listBooks', () => library.listBooks());
  onMessage('getBook', ({ data }) => library.getBook(data));
  onMessage('listChapters', ({ data }) => library.listChapters(data));
  onMessage('summarizeBook', ({ data }) => library.summarizeBook(data));
  onMessage('getChapter', ({ data }) => library.getChapter(data));
  onMessage('summarizeChapter', ({ data }) => library.summarizeChapter(data));
  onMessage('listTopics', ({ data }) => library.listTopics(data));
  onMessage('extractTopics', ({ data }) => library.extractTopics(data));
  onMessage('explainTopic', ({ data }) => library.explainTopic(data));
  onMessage('generateAudio', ({ data }) => library.generateAudio(data));
  onMessage('searchLibrary', ({ data }) => library.searchLibrary(data));

  const flashcards = new FlashcardService(session);
  onMessage('dueFlashcards', ({ data }) => flashcards.dueFlashcards(data));
  onMessage('reviewFlashcard', ({ data }) => flashcards.reviewFlashcard(data));
  onMessage('pageLabels', ({ data }) => library.pageLabels(data));
  onMessage('openCitation', ({ data }) => citations.open(data));

  const exams = new ExamService(session);
  onMessage('today', () => exams.today());
});
