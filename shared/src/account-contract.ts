import type { Endpoint } from './endpoint.js';
import { DeleteAccountRequestSchema, MessageResponseSchema } from './schemas/account.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });

/** Ending sessions, and the account's own data: export and deletion. Dashboard sessions only. */
export const ACCOUNT_ENDPOINTS = [
  {
    method: 'post',
    path: '/auth/logout',
    operation: 'logout',
    tag: 'Accounts',
    summary: 'Sign out: this session token is revoked on the server and answers 401 from now on',
    auth: true,
    sessionOnly: true,
    responses: { 200: { description: 'Signed out', schema: MessageResponseSchema }, 401: error('Not signed in') },
  },
  {
    method: 'post',
    path: '/auth/logout-everywhere',
    operation: 'logoutEverywhere',
    tag: 'Accounts',
    summary: 'Sign out everywhere: every session token of the user, this one included, is revoked',
    auth: true,
    sessionOnly: true,
    responses: {
      200: { description: 'Every session ended', schema: MessageResponseSchema },
      401: error('Not signed in'),
    },
  },
  {
    method: 'get',
    path: '/account/export',
    operation: 'exportAccount',
    tag: 'Accounts',
    summary:
      "A zip of the user's data: account.json (account, books, chapters, topics, tokens, webhooks, payments) and every stored file",
    auth: true,
    sessionOnly: true,
    responses: {
      200: { description: 'The zip', contentType: 'application/zip' },
      401: error('Not signed in'),
    },
  },
  {
    method: 'delete',
    path: '/account',
    operation: 'deleteAccount',
    tag: 'Accounts',
    summary:
      'Delete the account with its books, files, generated assets, tokens, webhooks and sessions; a running subscription is cancelled with its provider',
    auth: true,
    sessionOnly: true,
    body: DeleteAccountRequestSchema,
    responses: {
      200: { description: 'Deleted', schema: MessageResponseSchema },
      400: error('The password is not correct'),
      401: error('Not signed in'),
      503: error('The payment provider could not be reached to cancel the subscription; nothing was deleted'),
    },
  },
] as const satisfies readonly Endpoint[];
