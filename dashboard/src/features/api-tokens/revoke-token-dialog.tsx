import { MESSAGES, type ApiToken } from '@chapterwise/shared';
import { toast } from '../../lib/toast.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { toastError } from '../../lib/errors.js';
import { useRevokeApiTokenMutation } from './queries.js';

/** Confirms, revokes, and reloads the list; requests with the token answer 401 from then on. */
export function RevokeTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const revoke = useRevokeApiTokenMutation({
    onRevoked: () => {
      toast.success(MESSAGES.apiTokenRevoked);
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={token !== null}
      title="Revoke API token"
      description="Scripts and apps using this token will stop working at once. This cannot be undone."
      subject={
        token && (
          <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <span className="font-medium text-slate-800">{token.name}</span>{' '}
            <span className="font-mono text-[13px] text-slate-500">{`${token.prefix}…`}</span>
          </p>
        )
      }
      confirmLabel="Revoke token"
      busy={revoke.isPending}
      onConfirm={() =>
        token && revoke.mutate(token.id, { onError: (error) => toastError(error, MESSAGES.revokeApiTokenFailed) })
      }
      onClose={onClose}
    />
  );
}
