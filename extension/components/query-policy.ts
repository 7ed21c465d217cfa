import { QueryClient } from '@tanstack/react-query';
import { BackgroundError } from './background.js';

export const RECONNECT_POLL_MS = 3000;

/** Only an unreachable server is worth asking again; other answers carry their final text. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof BackgroundError && error.uiError.kind === 'unreachable';
}

export function createPanelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => isUnreachable(error) && failures < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        refetchOnWindowFocus: true,
      },
    },
  });
}
