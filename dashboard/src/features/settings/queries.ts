import { MESSAGES, type CancelSubscriptionResponse, type ChangePasswordRequest, type User } from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../lib/toast.js';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { clearSession, saveSession, updateStoredUser } from '../../lib/session.js';
import { accountKeys } from '../account/queries.js';

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

/** The header and the account query show the name too, so both take the server's answer before the form does. */
export function useUpdateProfileMutation({
  onSaved,
  onFailed,
}: {
  onSaved: (user: User) => void;
  onFailed: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.updateProfile({ name }),
    onSuccess: (updated) => {
      updateStoredUser(updated);
      queryClient.setQueryData(accountKeys.me(), updated);
      onSaved(updated);
    },
    onError: onFailed,
  });
}

/** The server ends every other session and answers with a new token, which this tab keeps to stay signed in. */
export function useChangePasswordMutation({
  onChanged,
  onFailed,
}: {
  onChanged: () => void;
  onFailed: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.changePassword(body),
    onSuccess: ({ token, user }) => {
      saveSession(token, user);
      queryClient.setQueryData(accountKeys.me(), user);
      onChanged();
    },
    onError: onFailed,
  });
}

/** Plan, renewal date and usage all change: the dialog closes first, then the account reloads under its busy button. */
export function useCancelSubscriptionMutation({
  onCancelled,
  onFailed,
}: {
  onCancelled: (result: CancelSubscriptionResponse) => void;
  onFailed: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.cancelSubscription(),
    onSuccess: async (result) => {
      onCancelled(result);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    onError: onFailed,
  });
}
