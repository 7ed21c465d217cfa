import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import {
  ApiTokenListSchema,
  CreateApiTokenRequestSchema,
  CreatedApiTokenSchema,
  FeatureUpgradeRequiredSchema,
} from './schemas/api-tokens.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });
const premiumOnly = { description: 'API access needs the Premium plan', schema: FeatureUpgradeRequiredSchema };

/** Personal API tokens (Premium). Managed with a dashboard session only: a token cannot mint or revoke tokens. */
export const API_TOKEN_ENDPOINTS = [
  {
    method: 'get',
    path: '/tokens',
    operation: 'listApiTokens',
    tag: 'API tokens',
    summary: 'Your personal API tokens, newest first (name, prefix, created, last used; never the token itself)',
    auth: true,
    sessionOnly: true,
    responses: {
      200: { description: 'Tokens', schema: ApiTokenListSchema },
      401: error('Not signed in'),
      403: premiumOnly,
    },
  },
  {
    method: 'post',
    path: '/tokens',
    operation: 'createApiToken',
    tag: 'API tokens',
    summary:
      'Create a personal API token. The `token` is in this answer only: store it now. Use it as `Authorization: Bearer cw_…`',
    auth: true,
    sessionOnly: true,
    body: CreateApiTokenRequestSchema,
    responses: {
      201: { description: 'Token created', schema: CreatedApiTokenSchema },
      400: error('Name missing or too long'),
      401: error('Not signed in'),
      403: premiumOnly,
      409: error('Too many tokens: revoke one first'),
    },
  },
  {
    method: 'delete',
    path: '/tokens/{id}',
    operation: 'revokeApiToken',
    tag: 'API tokens',
    summary: 'Revoke a personal API token; requests with it answer 401 from now on (allowed on every plan)',
    auth: true,
    sessionOnly: true,
    params: z.object({ id: z.uuid() }),
    responses: {
      200: { description: 'Revoked', schema: z.object({ message: z.string() }) },
      401: error('Not signed in'),
      404: error('Not found, or not yours'),
    },
  },
] as const satisfies readonly Endpoint[];
