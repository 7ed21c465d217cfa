import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokenKeys.all, 'list'] as const,
};

export const apiTokenQueries = {
  /** The signed-in user's personal API tokens (Premium; other plans get 403 upgrade_required). */
  list: () => queryOptions({ queryKey: apiTokenKeys.list(), queryFn: () => api.listApiTokens() }),
};
