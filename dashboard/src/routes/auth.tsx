import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page.js';
import { getSessionToken } from '../lib/session.js';

export const Route = createFileRoute('/auth')({
  beforeLoad: () => {
    if (getSessionToken()) throw redirect({ to: '/dashboard' });
  },
  component: AuthPage,
});
