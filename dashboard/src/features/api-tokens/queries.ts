import { FeatureUpgradeRequiredSchema, type CreatedApiToken } from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { isUpgradeRequired } from '../settings/premium-feature-panel.js';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokenKeys.all, 'list'] as const,
};

export const apiTokenQueries = {
  list: () => queryOptions({ queryKey: apiTokenKeys.list(), queryFn: () => api.listApiTokens() }),
};

/** The secret is shown only once: the form gets the new token first, then the list reloads under a busy button. */
export function useCreateApiTokenMutation({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.createApiToken({ name }),
    onSuccess: async (token) => {
      onCreated(token);
      await queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
    },
    onError: (error) => {
      // The plan lost API access: the reloaded list turns the panel into the upgrade prompt.
      if (isUpgradeRequired(error, FeatureUpgradeRequiredSchema)) {
        void queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
      }
    },
  });
}

/** The dialog closes as soon as the token is revoked; the list reloads while its button still spins. */
export function useRevokeApiTokenMutation({ onRevoked }: { onRevoked: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.revokeApiToken(id),
    onSuccess: async () => {
      onRevoked();
      await queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
    },
  });
}
