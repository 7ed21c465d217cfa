import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { apiStatus, isUnauthorized } from './api-status.js';

export interface QueryClientPolicy {
  onUnauthorized: () => void;
}

/** The app's single QueryClient error policy: a 401 anywhere ends the session. */
export function createQueryClient({ onUnauthorized }: QueryClientPolicy): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; network errors and 5xx get two more tries.
        retry: (failureCount, error) => {
          const status = apiStatus(error) ?? 0;
          return !(status >= 400 && status < 500) && failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
