import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../lib/api.js';
import { clearSession } from '../../lib/session.js';

/**
 * Revokes the session on the server (the token reads it before the session is cleared), removes the
 * stored session and goes to /auth; cached data of the old session is dropped. A failed call changes
 * nothing for the user: the token leaves the browser either way.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void api.logout().catch(() => undefined);
    clearSession();
    void navigate({ to: '/auth' }).then(() => queryClient.clear());
  };
}
