import { type Chapter, type Highlight } from '@chapterwise/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ChevronLeft, ChevronRight, ListTree, MoveHorizontal, Search, ZoomIn, ZoomOut } from 'lucide-react';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/cn.js';
import { chapterHeading } from '../books/chapter-heading.js';
import { bookQueries } from '../books/queries.js';
import { FindBar, type FindMatch } from './find-bar.js';
import { readerShellPainted, usePdfDocument } from './pdf-document.js';
import { type PageMark } from './pdf-page.js';
import { MAX_SCALE, MIN_SCALE, PdfViewer, type PageSelection, type ScrollRequest } from './pdf-viewer.js';
import { readerQueries, useCreateHighlightMutation, useExplainSelectionMutation } from './queries.js';
import { SelectionToolbar, type SelectionAction, type StudyRequest } from './selection-toolbar.js';
import { StudyPanel } from './study-panel.js';

const ZOOM_STEP = 1.2;
// A double tap zooms to twice the width of the screen: a textbook's 7 pt at fit width reads as 14 pt.
const DOUBLE_TAP_ZOOM = 2;
// The study panel's handle at the foot of a phone's screen (h-14).
const SHEET_HANDLE_PX = 56;
// The phone's slim bar over the pages (h-12): the first page starts below it.
const PHONE_BAR_PX = 48;
// The URL follows the page read once scrolling settles.
const URL_FOLLOW_MS = 400;
const NO_MARKS: PageMark[] = [];
const PANEL_AT_LATEST_MS = 2_000;

const PHONE = '(max-width: 639px)';
function subscribePhone(onChange: () => void) {
  const query = window.matchMedia?.(PHONE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia?.(PHONE).matches ?? false;

type Zoom = number | 'fit';
const zoomKey = (bookId: string) => `chapterwise.reader-zoom.${bookId}`;

/** The zoom the student last chose for this book; fit width until then. */
export function storedZoom(bookId: string): Zoom {
  try {
    const value = window.localStorage.getItem(zoomKey(bookId));
    const scale = Number(value);
    return value && Number.isFinite(scale) ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)) : 'fit';
  } catch {
    return 'fit';
  }
}

function storeZoom(bookId: string, zoom: Zoom) {
  try {
    if (zoom === 'fit') window.localStorage.removeItem(zoomKey(bookId));
    else window.localStorage.setItem(zoomKey(bookId), String(Math.round(zoom * 1000) / 1000));
  } catch {
    // Storage blocked (privacy mode): the zoom lasts as long as the page.
  }
}

export function chapterAt(chapters: Chapter[], page: number): Chapter | undefined {
  return chapters.find((chapter) => page >= chapter.start_page && page <= chapter.end_page);
}

/** The in-app reader: the book's pages, its chapters as a table of contents, and the study panel. */
export function ReaderPage({ bookId, page, cite }: { bookId: string; page: number; cite: string | undefined }) {
  const { data: book } = useSuspenseQuery(bookQueries.detail(bookId));
  const { data: chapters } = useSuspenseQuery(bookQueries.chapters(bookId));
  const labels = useQuery(readerQueries.pageLabels(bookId)).data?.labels;
  const highlights = useQuery(readerQueries.highlights(bookId)).data;
  const navigate = useNavigate({ from: '/books/$bookId/read' });
  const pdf = usePdfDocument(bookId, book.pdf_url, page);
  useEffect(() => {
    // After the frame that paints the reader around the page (a task after the next animation frame).
    const frame = requestAnimationFrame(() => setTimeout(readerShellPainted, 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  const total = pdf.doc?.numPages ?? book.total_pages;

  const [reading, setReading] = useState(page);
  const [scrollTo, setScrollTo] = useState<ScrollRequest>({ page, seq: 0 });
  const [zoom, setZoom] = useState<Zoom>(() => storedZoom(bookId));
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  // On a phone the slim bar and the study handle slide away while the student reads down, and return on the way up.
  const [chromeAway, setChromeAway] = useState(false);

  const [viewWidth, setViewWidth] = useState(0);
  const [tocOpen, setTocOpen] = useState(false);
  const [selection, setSelection] = useState<PageSelection | null>(null);
  const [request, setRequest] = useState<StudyRequest | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const [findMark, setFindMark] = useState<{ page: number; query: string; occurrence: number } | null>(null);
  // The study panel's notes are built once the first page is on screen: they would hold its drawing up.
  const [pagesShown, setPagesShown] = useState(false);
  // A transition: the notes are built in slices between the page's own work.
  const showPanel = useCallback(() => startTransition(() => setPagesShown(true)), []);
  useEffect(() => {
    // A page that cannot be drawn does not keep the notes away.
    const timer = setTimeout(showPanel, PANEL_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, [showPanel]);
  const create = useCreateHighlightMutation(bookId);
  const explain = useExplainSelectionMutation(bookId);
  const readingRef = useRef(page);
  // The cited sentence stays marked while the student reads on (the URL drops it once the page read
  // changes, and centring the sentence can do that at once); a new citation replaces it.
  const [citeMark, setCiteMark] = useState(cite ? { page, text: cite } : null);
  if (cite && (citeMark?.text !== cite || citeMark.page !== page)) setCiteMark({ page, text: cite });
  const viewRef = useRef<HTMLDivElement>(null);

  const jump = useCallback((target: number) => {
    readingRef.current = target;
    setReading(target);
    setScrollTo((old) => ({ page: target, seq: old.seq + 1 }));
  }, []);

  // Back, forward, or a citation clicked in the panel: the URL's page is where to go.
  useEffect(() => {
    if (page !== readingRef.current) jump(page);
  }, [page, jump]);

  // Scrolling: the URL follows the page read, replacing its entry (back leaves the reader).
  useEffect(() => {
    if (reading === page) return;
    const timer = setTimeout(() => {
      void navigate({
        search: (old) => ({ page: reading, cite: old.page === reading ? old.cite : undefined }),
        replace: true,
        resetScroll: false,
      });
    }, URL_FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [reading, page, navigate]);

  const goTo = useCallback(
    (target: number) => {
      const clamped = Math.min(Math.max(1, target), total);
      void navigate({ search: { page: clamped }, resetScroll: false });
    },
    [navigate, total],
  );

  // Ctrl/Cmd+F finds in the whole book (the browser's own find sees only the pages drawn).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'f') return;
      event.preventDefault();
      setFindOpen(true);
      document.getElementById('reader-find')?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onFindMatch = useCallback(
    (match: FindMatch | null, query: string) => {
      setFindMark(match ? { page: match.page, query, occurrence: match.index_on_page } : null);
      // Each match replaces the page in the URL: back leaves the reader, not the search.
      if (match && match.page !== readingRef.current)
        void navigate({ search: { page: match.page }, replace: true, resetScroll: false });
    },
    [navigate],
  );
  const closeFind = useCallback(() => {
    setFindOpen(false);
    setFindMark(null);
  }, []);

  const onPageInView = useCallback((inView: number) => {
    readingRef.current = inView;
    setReading(inView);
  }, []);

  useEffect(() => {
    const element = viewRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fitScale = pdf.pageSize && viewWidth > 0 ? (viewWidth - 40) / pdf.pageSize.width : 1;
  const scale = zoom === 'fit' ? Math.max(MIN_SCALE, fitScale) : zoom;
  const setScale = useCallback(
    (next: Zoom) => {
      // The viewer keeps the page read in view at the new size; the book remembers it.
      const zoomed = next === 'fit' ? next : Math.min(MAX_SCALE, Math.max(MIN_SCALE, next));
      setZoom(zoomed);
      storeZoom(bookId, zoomed);
    },
    [bookId],
  );
  const zoomedIn = zoom !== 'fit' && scale > fitScale * 1.05;
  const onDoubleTap = useCallback(
    () => setScale(zoomedIn ? 'fit' : Math.max(MIN_SCALE, fitScale) * DOUBLE_TAP_ZOOM),
    [setScale, zoomedIn, fitScale],
  );

  const chromeStays = !phone || findOpen || tocOpen || sheetOpen || selection !== null;
  const hideChrome = chromeAway && !chromeStays;
  const onScrollDirection = useCallback((direction: 'up' | 'down') => setChromeAway(direction === 'down'), []);

  const marksByPage = useMemo(() => {
    const map = new Map<number, PageMark[]>();
    const add = (at: number, mark: PageMark) => map.set(at, [...(map.get(at) ?? []), mark]);
    for (const item of highlights ?? []) add(item.page, { text: item.text, kind: 'highlight', color: item.color });
    if (citeMark) add(citeMark.page, { text: citeMark.text, kind: 'cite' });
    if (findMark) add(findMark.page, { text: findMark.query, kind: 'find', occurrence: findMark.occurrence });
    return map;
  }, [highlights, citeMark, findMark]);
  const marksOf = useCallback((at: number) => marksByPage.get(at) ?? NO_MARKS, [marksByPage]);

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => goTo(readingRef.current + 1),
      ArrowLeft: () => goTo(readingRef.current - 1),
      n: () => goTo(readingRef.current + 1),
      p: () => goTo(readingRef.current - 1),
      Home: () => goTo(1),
      End: () => goTo(total),
      '+': () => setScale(scale * ZOOM_STEP),
      '=': () => setScale(scale * ZOOM_STEP),
      '-': () => setScale(scale / ZOOM_STEP),
    };
    const action = keys[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  const chapter = chapterAt(chapters, reading);
  const label = labels?.[reading - 1];

  return (
    <main
      id="main"
      tabIndex={-1}
      className="relative flex h-[calc(100dvh-65px)] min-h-96 flex-col bg-slate-100 max-sm:h-dvh"
    >
      <title>{`${book.title} · Read · ChapterWise`}</title>
      <h1 className="sr-only">{`Reading ${book.title}`}</h1>
      {/* On a phone the bar lies over the pages (they fill the screen under it) and slides away while reading down. */}
      <div
        data-hidden={hideChrome || undefined}
        onFocusCapture={() => setChromeAway(false)}
        className={cn(
          'z-30 transition-transform duration-200 max-sm:absolute max-sm:inset-x-0 max-sm:top-0 max-sm:shadow-sm',
          hideChrome && 'max-sm:-translate-y-full',
        )}
      >
        <div
          role="toolbar"
          aria-label="Reader"
          className="flex items-center gap-x-2 gap-y-1 border-b border-slate-200 bg-white px-2 py-1.5 max-sm:h-12 max-sm:gap-x-0 sm:flex-wrap sm:px-4"
        >
          <Link
            to="/books/$bookId"
            params={{ bookId }}
            className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Back to Book</span>
            <span className="sr-only sm:hidden">Back to Book</span>
          </Link>
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0 max-sm:px-2.5 lg:hidden"
            aria-expanded={tocOpen}
            aria-controls="reader-toc"
            onClick={() => setTocOpen((open) => !open)}
            icon={<ListTree className="size-4" aria-hidden="true" />}
          >
            <span className="max-sm:sr-only">Chapters</span>
          </Button>
          <p className="hidden min-w-0 flex-1 truncate text-sm font-medium text-slate-800 md:block">{book.title}</p>
          <div className="ml-auto flex min-w-0 items-center gap-1 max-sm:gap-0">
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:px-2"
              aria-label="Previous page"
              disabled={reading <= 1}
              onClick={() => goTo(reading - 1)}
              icon={<ChevronLeft className="size-4" aria-hidden="true" />}
            />
            <PageBox key={reading} page={reading} total={total} label={label} onGo={goTo} />
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:px-2"
              aria-label="Next page"
              disabled={reading >= total}
              onClick={() => goTo(reading + 1)}
              icon={<ChevronRight className="size-4" aria-hidden="true" />}
            />
          </div>
          <div className="flex shrink-0 items-center gap-1 max-sm:gap-0">
            <Button
              variant={findOpen ? 'secondary' : 'ghost'}
              size="sm"
              className="max-sm:px-2.5"
              aria-label="Find in book"
              aria-keyshortcuts="Control+F Meta+F"
              aria-pressed={findOpen}
              onClick={() => (findOpen ? closeFind() : setFindOpen(true))}
              icon={<Search className="size-4" aria-hidden="true" />}
            />
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:hidden"
              aria-label="Zoom out"
              onClick={() => setScale(scale / ZOOM_STEP)}
              icon={<ZoomOut className="size-4" aria-hidden="true" />}
            />
            <span className="w-12 text-center text-xs text-slate-600 tabular-nums max-sm:hidden" aria-live="polite">
              {`${Math.round(scale * 100)}%`}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:hidden"
              aria-label="Zoom in"
              onClick={() => setScale(scale * ZOOM_STEP)}
              icon={<ZoomIn className="size-4" aria-hidden="true" />}
            />
            <Button
              variant={zoom === 'fit' ? 'secondary' : 'ghost'}
              size="sm"
              className="max-sm:px-2.5"
              aria-pressed={zoom === 'fit'}
              onClick={() => setScale('fit')}
              icon={<MoveHorizontal className="size-4" aria-hidden="true" />}
            >
              <span className="hidden sm:inline">Fit width</span>
              <span className="sr-only sm:hidden">Fit width</span>
            </Button>
          </div>
        </div>

        {findOpen && <FindBar bookId={bookId} onMatch={onFindMatch} onClose={closeFind} />}
      </div>

      <div className="relative flex min-h-0 flex-1">
        <nav
          id="reader-toc"
          aria-label="Chapters"
          className={cn(
            'w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white p-2',
            'max-lg:absolute max-lg:inset-y-0 max-lg:left-0 max-lg:z-20 max-lg:shadow-xl max-sm:top-12',
            !tocOpen && 'max-lg:hidden',
          )}
        >
          <ol className="space-y-0.5">
            {chapters.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-current={item.id === chapter?.id ? 'location' : undefined}
                  onClick={() => {
                    setTocOpen(false);
                    goTo(item.start_page);
                  }}
                  className={cn(
                    'flex w-full items-baseline gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                    item.id === chapter?.id
                      ? 'bg-brand-50 font-semibold text-brand-800'
                      : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  <span className="min-w-0 flex-1 break-words">{chapterHeading(item)}</span>
                  <span className="shrink-0 text-xs text-slate-600 tabular-nums">
                    {item.start_label ?? item.start_page}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <div ref={viewRef} className="min-w-0 flex-1 max-lg:pb-14 max-sm:pb-0">
          {pdf.doc && pdf.pageSize ? (
            <PdfViewer
              doc={pdf.doc}
              pageSize={pdf.pageSize}
              scale={scale}
              scrollTo={scrollTo}
              marksOf={marksOf}
              onPageInView={onPageInView}
              onSelection={setSelection}
              onKey={onKey}
              onFirstDrawn={showPanel}
              onPinch={setScale}
              onDoubleTap={onDoubleTap}
              onScrollDirection={phone ? onScrollDirection : undefined}
              topInset={phone ? PHONE_BAR_PX : 0}
              bottomInset={phone ? SHEET_HANDLE_PX : 0}
              label={`Pages of ${book.title}`}
            />
          ) : pdf.error ? (
            <p
              role="alert"
              className="m-6 rounded-xl max-sm:mt-16 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
            >
              Failed to load the PDF. Reload the page to try again.
            </p>
          ) : (
            <div className="flex h-full items-center justify-center gap-2 text-sm text-slate-600">
              <Spinner className="size-5" />
              Opening the book…
            </div>
          )}
        </div>

        <StudyPanel
          book={book}
          chapters={chapters}
          chapter={chapter}
          page={reading}
          highlights={highlights ?? EMPTY_HIGHLIGHTS}
          labels={labels}
          request={request}
          explain={explain}
          create={create}
          waiting={!pagesShown && !pdf.error}
          open={sheetOpen}
          away={hideChrome}
          onOpenChange={setSheetOpen}
          onClearRequest={() => setRequest(null)}
          onGoToPage={goTo}
        />
      </div>

      {selection && (
        <SelectionToolbar
          selection={selection}
          onAction={(kind: SelectionAction) => {
            const { page: at, text } = selection;
            setSelection(null);
            window.getSelection()?.removeAllRanges();
            // A highlight is saved at once; an explanation or a note opens the panel (the sheet on phones).
            if (kind === 'highlight') {
              create.mutate({ page: at, text });
              return;
            }
            if (kind === 'explain') explain.mutate({ page: at, text });
            setRequest({ kind, page: at, text, seq: Date.now() });
            setSheetOpen(true);
          }}
          onClose={() => setSelection(null)}
        />
      )}
    </main>
  );
}

const EMPTY_HIGHLIGHTS: Highlight[] = [];

/** The page number box: type a page and press Enter; shows the printed label when it differs. */
function PageBox({
  page,
  total,
  label,
  onGo,
}: {
  page: number;
  total: number;
  label: string | undefined;
  onGo: (page: number) => void;
}) {
  // Keyed by the page: a new page read starts a new draft.
  const [draft, setDraft] = useState(String(page));
  const go = () => {
    const value = Number(draft);
    if (Number.isInteger(value) && value >= 1) onGo(value);
    else setDraft(String(page));
  };
  return (
    <div className="flex items-center gap-1.5 text-sm text-slate-600">
      <label htmlFor="reader-page" className="sr-only">
        Page number
      </label>
      <input
        id="reader-page"
        inputMode="numeric"
        value={draft}
        onChange={(event) => setDraft(event.target.value.replace(/[^0-9]/g, ''))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') go();
        }}
        onBlur={go}
        className="h-9 w-14 rounded-md border border-slate-300 bg-white px-2 text-center tabular-nums focus-visible:outline-2 focus-visible:outline-brand-500"
      />
      <span className="whitespace-nowrap tabular-nums">
        {`/ ${total}`}
        {label && label !== String(page) && <span className="ml-1 text-slate-500">{`(p. ${label})`}</span>}
      </span>
    </div>
  );
}
