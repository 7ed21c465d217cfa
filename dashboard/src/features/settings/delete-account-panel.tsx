import { errorMessage, MESSAGES } from '@chapterwise/shared';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Dialog } from '../../components/ui/dialog.js';
import { Field, Input } from '../../components/ui/field.js';
import { useDeleteAccountMutation } from './queries.js';

/** Everything deletion removes, named in the confirmation. */
export const DELETED_WITH_ACCOUNT = [
  'Your books and the PDFs you uploaded',
  'Chapters, summaries, key topics and ELI12 explanations',
  'Narration MP3s, summary PDFs and slide decks',
  'Personal API tokens, webhooks and their delivery log',
  'Every signed-in session, on every device',
];

/** Delete account: a confirmation that names what goes, and the current password. */
export function DeleteAccountPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200 p-5 sm:p-7">
      <section aria-labelledby="delete-account-heading" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-red-50 text-red-600">
            <Trash2 className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <h2 id="delete-account-heading" className="text-lg font-semibold text-slate-900">
              Delete account
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Removes your account and everything in it for good. A paid plan is cancelled and not charged again.
            </p>
          </div>
        </div>
        <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </section>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const remove = useDeleteAccountMutation();
  const error = remove.isError ? errorMessage(remove.error, MESSAGES.deleteAccountFailed) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) remove.mutate(password);
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !remove.isPending) onClose();
      }}
      title="Delete your account?"
      description="This cannot be undone. These are deleted at once:"
    >
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {DELETED_WITH_ACCOUNT.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        A running subscription is cancelled with Razorpay or PayPal. Only the payment records the law requires are kept,
        without your name or email. Export your data first if you want a copy.
      </p>
      <form className="mt-5 space-y-5" onSubmit={submit}>
        <Field label="Current password" error={error}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            className="bg-red-600 hover:bg-red-700 active:bg-red-800"
            busy={remove.isPending}
            disabled={!password}
          >
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
