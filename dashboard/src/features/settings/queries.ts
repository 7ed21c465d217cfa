import { MESSAGES } from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { clearSession } from '../../lib/session.js';

/** After the server has ended the session(s): forget it here too and go to /auth. */
function useLeave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (message: string) => {
    toast.success(message);
    clearSession();
    void navigate({ to: '/auth' }).then(() => queryClient.clear());
  };
}

/** Sign out everywhere: every session of the account ends, this one included. */
export function useLogoutEverywhereMutation() {
  const leave = useLeave();
  return useMutation({
    mutationFn: () => api.logoutEverywhere(),
    onSuccess: () => leave(MESSAGES.signedOutEverywhere),
    onError: (error) => toastError(error, MESSAGES.signOutEverywhereFailed),
  });
}

/** Deletes the account with its current password; a wrong password stays in the dialog as its error. */
export function useDeleteAccountMutation() {
  const leave = useLeave();
  return useMutation({
    mutationFn: (password: string) => api.deleteAccount({ password }),
    onSuccess: () => leave(MESSAGES.accountDeleted),
  });
}

/** Downloads the account's data as a zip. */
export function useExportAccountMutation() {
  return useMutation({
    mutationFn: async () => {
      const zip = await api.exportAccount();
      const url = URL.createObjectURL(zip);
      const link = document.createElement('a');
      link.href = url;
      link.download = `chapterwise-export-${new Date().toISOString().slice(0, 10)}.zip`;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked later: some browsers read the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onError: (error) => toastError(error, MESSAGES.exportAccountFailed),
  });
}
