import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { updateStoredUser } from '../../lib/session.js';

import { accountKeys } from './keys.js';

export { accountKeys };

export const accountQueries = {
  /** The signed-in user; the stored copy follows the server (plan changes, renames). */
  me: () =>
    queryOptions({
      queryKey: accountKeys.me(),
      queryFn: async () => {
        const user = await api.me();
        updateStoredUser(user);
        return user;
      },
      staleTime: 60_000,
    }),
  /** Uploads used this month against the plan's limit. */
  usage: () => queryOptions({ queryKey: accountKeys.usage(), queryFn: () => api.usage(), staleTime: 30_000 }),
  /** One receipt per charge, newest first (the account page's receipts). */
  receipts: () => queryOptions({ queryKey: accountKeys.receipts(), queryFn: () => api.receipts(), staleTime: 60_000 }),
};
