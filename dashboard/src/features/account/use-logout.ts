import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { clearSession } from '../../lib/session.js';

/** Removes the stored session and goes to /auth; cached data of the old session is dropped. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    clearSession();
    void navigate({ to: '/auth' }).then(() => queryClient.clear());
  };
}
