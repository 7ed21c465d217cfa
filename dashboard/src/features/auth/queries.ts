import {
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveSession } from '../../lib/session.js';
import { accountKeys } from '../account/keys.js';

// The API client (and its zod schemas) is the largest part of these pages: it loads after the form
// has painted, not before, so the sign-in page shows as soon as its own code is in.
const loadApi = () => import('../../lib/api.js').then((module) => module.api);

export type AuthenticateRequest = { mode: 'register'; body: RegisterRequest } | { mode: 'signin'; body: LoginRequest };

/** The session is stored and the cached user set before the page reacts, so the dashboard opens signed in. */
export function useAuthenticateMutation() {
  const queryClient = useQueryClient();
  useEffect(() => void loadApi(), []);
  return useMutation({
    mutationFn: async (request: AuthenticateRequest) => {
      const api = await loadApi();
      return request.mode === 'register' ? api.register(request.body) : api.login(request.body);
    },
    onSuccess: ({ token, user }) => {
      saveSession(token, user);
      queryClient.setQueryData(accountKeys.me(), user);
    },
  });
}

/** Signed out, nothing is cached: the page shows where the code went (or the code itself without a mail server). */
export function useRequestResetCodeMutation() {
  useEffect(() => void loadApi(), []);
  return useMutation({ mutationFn: async (body: ForgotPasswordRequest) => (await loadApi()).forgotPassword(body) });
}

/** Signed out, nothing is cached: the page confirms and then sends the student to sign in. */
export function useResetPasswordMutation() {
  useEffect(() => void loadApi(), []);
  return useMutation({ mutationFn: async (body: ResetPasswordRequest) => (await loadApi()).resetPassword(body) });
}
