import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sendMessage } from '@/utils/messaging.js';
import { isUnreachable, RECONNECT_POLL_MS } from './query-policy.js';

// On reconnect every view refetches (the library list too, which may have changed).
export function useReconnect(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let checking = false;
    const timer = setInterval(() => {
      const cut = queryClient.getQueryCache().findAll({ predicate: (query) => isUnreachable(query.state.error) });
      if (cut.length === 0 || checking) return;
      checking = true;
      void sendMessage('checkServer')
        .then((outcome) => (outcome.ok ? queryClient.invalidateQueries() : undefined))
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, RECONNECT_POLL_MS);
    return () => clearInterval(timer);
  }, [queryClient]);
}
