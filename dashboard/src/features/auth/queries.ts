import {
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { saveSession } from '../../lib/session.js';
import { accountKeys } from '../account/queries.js';

export type AuthenticateRequest = { mode: 'register'; body: RegisterRequest } | { mode: 'signin'; body: LoginRequest };

/** The session is stored and the cached user set before the page reacts, so the dashboard opens signed in. */
export function useAuthenticateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AuthenticateRequest) =>
      request.mode === 'register' ? api.register(request.body) : api.login(request.body),
    onSuccess: ({ token, user }) => {
      saveSession(token, user);
      queryClient.setQueryData(accountKeys.me(), user);
    },
  });
}

/** Signed out, nothing is cached: the page shows where the code went (or the code itself without a mail server). */
export function useRequestResetCodeMutation() {
  return useMutation({ mutationFn: (body: ForgotPasswordRequest) => api.forgotPassword(body) });
}

/** Signed out, nothing is cached: the page confirms and then sends the student to sign in. */
export function useResetPasswordMutation() {
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => api.resetPassword(body) });
}
