import { CHAPTER_EDIT_MESSAGES, errorMessage, type Chapter } from '@chapterwise/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { TextField } from '../../components/ui/field.js';
import { chapterHeading } from './chapter-heading.js';
import { useChapterEditMutation, type ChapterEdit } from './queries.js';

export type ChapterEditKind = ChapterEdit['kind'];

const TEXT: Record<ChapterEditKind, { title: string; confirm: string; done: string }> = {
  rename: { title: 'Rename chapter', confirm: 'Save title', done: 'Chapter renamed' },
  merge: { title: 'Merge with the next chapter?', confirm: 'Merge chapters', done: 'Chapters merged' },
  split: { title: 'Split chapter', confirm: 'Split chapter', done: 'Chapter split' },
  delete: { title: 'Delete this chapter?', confirm: 'Delete chapter', done: 'Chapter deleted' },
};

/** The server's plain answer (a page outside the chapter, the last chapter) is shown in the dialog. */
export function ChapterEditDialog({
  bookId,
  chapter,
  next,
  kind,
  onClose,
}: {
  bookId: string;
  chapter: Chapter;
  next: Chapter | undefined;
  kind: ChapterEditKind;
  onClose: () => void;
}) {
  const edit = useChapterEditMutation(bookId);
  const [title, setTitle] = useState(chapter.title);
  const [page, setPage] = useState(String(Math.min(chapter.start_page + 1, chapter.end_page)));
  const text = TEXT[kind];
  const error = edit.error ? errorMessage(edit.error, 'Could not change the chapter') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request: ChapterEdit =
      kind === 'rename'
        ? { kind, chapterId: chapter.id, title }
        : kind === 'split'
          ? { kind, chapterId: chapter.id, page: Number(page) }
          : { kind, chapterId: chapter.id };
    edit.mutate(request, {
      onSuccess: () => {
        toast.success(text.done);
        onClose();
      },
    });
  };

  const warning =
    kind === 'rename'
      ? 'The summary PDF and slides will be made again with the new title.'
      : CHAPTER_EDIT_MESSAGES.dropsStudyMaterial;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !edit.isPending) onClose();
      }}
      title={text.title}
      description={chapterHeading(chapter)}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {kind === 'rename' && (
          <TextField
            label="Chapter title"
            error={error}
            value={title}
            maxLength={300}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
        {kind === 'split' && (
          <TextField
            label="New chapter begins at page"
            hint={`PDF page ${chapter.start_page + 1} to ${chapter.end_page}; this chapter ends the page before.`}
            error={error}
            type="number"
            inputMode="numeric"
            min={chapter.start_page + 1}
            max={chapter.end_page}
            value={page}
            onChange={(e) => setPage(e.target.value)}
          />
        )}
        {kind === 'merge' && next && (
          <p className="text-sm text-slate-700">
            Its pages and those of <strong>{chapterHeading(next)}</strong> become one chapter.
          </p>
        )}
        {kind === 'delete' && (
          <p className="text-sm text-slate-700">
            Its pages join the chapter before it (or after it, for the first chapter).
          </p>
        )}
        {(kind === 'merge' || kind === 'delete') && error && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{warning}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            busy={edit.isPending}
            className={kind === 'delete' ? 'bg-red-600 hover:bg-red-700 active:bg-red-800' : undefined}
          >
            {text.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
