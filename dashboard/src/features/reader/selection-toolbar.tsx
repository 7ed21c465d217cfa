import { Highlighter, NotebookPen, Sparkles, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { type PageSelection } from './pdf-viewer.js';

export type SelectionAction = 'explain' | 'highlight' | 'note';

/** What the student asked of a selected passage. */
export interface StudyRequest {
  kind: SelectionAction;
  page: number;
  text: string;
  seq: number;
}

const EDGE = 8;
// On a phone each action is an icon over its label: all four fit a 320 px screen, each a full thumb high.
const ACTION = 'max-sm:h-12 max-sm:flex-col max-sm:gap-0.5 max-sm:px-2 max-sm:text-xs';
const GAP = 8;

/**
 * Where the toolbar goes: under the selection (a phone's own copy menu sits above it), above it when there
 * is no room below, and always wholly inside the screen.
 */
export function toolbarPosition(
  selection: PageSelection['rect'],
  size: { width: number; height: number },
  screen: { width: number; height: number },
): { top: number; left: number } {
  const fitsBelow = selection.bottom + GAP + size.height + EDGE <= screen.height;
  const fitsAbove = selection.top - GAP - size.height >= EDGE;
  const wanted = fitsBelow || !fitsAbove ? selection.bottom + GAP : selection.top - GAP - size.height;
  const top = Math.min(Math.max(EDGE, wanted), screen.height - size.height - EDGE);
  const left = Math.min(Math.max(EDGE, selection.left), screen.width - size.width - EDGE);
  return { top: Math.max(EDGE, top), left: Math.max(EDGE, left) };
}

/** What a selected passage offers: explain it simply, highlight it, or write a note on it. */
export function SelectionToolbar({
  selection,
  onAction,
  onClose,
}: {
  selection: PageSelection;
  onAction: (action: SelectionAction) => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Placed once its own size is known (it differs with the screen's width and the text size).
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const screen = document.documentElement;
    setPlace(
      toolbarPosition(
        selection.rect,
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: screen.clientWidth, height: window.innerHeight },
      ),
    );
  }, [selection.rect]);
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label="Selected text"
      className="fixed z-50 flex max-w-[calc(100vw-16px)] items-center gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-lg max-sm:gap-0.5"
      style={place ?? { top: 0, left: 0, visibility: 'hidden' }}
    >
      <Button
        size="sm"
        className={ACTION}
        onClick={() => onAction('explain')}
        icon={<Sparkles className="size-4" aria-hidden="true" />}
      >
        Explain simply
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className={ACTION}
        onClick={() => onAction('highlight')}
        icon={<Highlighter className="size-4" aria-hidden="true" />}
      >
        Highlight
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className={ACTION}
        onClick={() => onAction('note')}
        icon={<NotebookPen className="size-4" aria-hidden="true" />}
      >
        Add note
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="max-sm:h-12 max-sm:px-2.5"
        aria-label="Close"
        onClick={onClose}
        icon={<X className="size-4" aria-hidden="true" />}
      />
    </div>
  );
}
