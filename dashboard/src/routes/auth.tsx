import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page.js';
import { getSessionToken } from '../lib/session.js';

export interface AuthSearch {
  mode?: 'register';
}

export const Route = createFileRoute('/auth')({
  // "Start" and the sign-up calls to action open the register form; anything else is sign-in.
  validateSearch: (search: Record<string, unknown>): AuthSearch =>
    search.mode === 'register' ? { mode: 'register' } : {},
  beforeLoad: () => {
    if (getSessionToken()) throw redirect({ to: '/dashboard' });
  },
  component: AuthPage,
});
