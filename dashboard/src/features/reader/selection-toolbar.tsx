import { Highlighter, NotebookPen, Sparkles, X } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.js';
import { type PageSelection } from './pdf-viewer.js';

export type SelectionAction = 'explain' | 'highlight' | 'note';

const WIDTH = 330;

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

  const below = selection.rect.bottom + 56 < window.innerHeight;
  const top = below ? selection.rect.bottom + 8 : Math.max(8, selection.rect.top - 52);
  const left = Math.min(Math.max(8, selection.rect.left), window.innerWidth - WIDTH - 8);
  return (
    <div
      role="toolbar"
      aria-label="Selected text"
      className="fixed z-50 flex items-center gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
      style={{ top, left }}
    >
      <Button size="sm" onClick={() => onAction('explain')} icon={<Sparkles className="size-4" aria-hidden="true" />}>
        Explain simply
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onAction('highlight')}
        icon={<Highlighter className="size-4" aria-hidden="true" />}
      >
        Highlight
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onAction('note')}
        icon={<NotebookPen className="size-4" aria-hidden="true" />}
      >
        Add note
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Close"
        onClick={onClose}
        icon={<X className="size-4" aria-hidden="true" />}
      />
    </div>
  );
}
