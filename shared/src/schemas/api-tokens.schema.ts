import { z } from 'zod';
import type { Plan } from '../constants/plans.js';
import { featureUpgradeRequiredSchema } from './feature-upgrade.schema.js';
import { userTextSchema } from '../user-text.js';

/** Every personal API token starts with this, so it is recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'cw_';
export const API_TOKEN_NAME_MAX_LENGTH = 60;
export const API_TOKENS_PER_USER_MAX = 20;
export const API_ACCESS_PLAN = 'premium' satisfies Plan;

/** A personal API token as listed: never the secret, never its hash. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The public start of the token (`cw_` and its public id), enough to recognise it. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokenListSchema = z.array(ApiTokenSchema);

export const CreateApiTokenRequestSchema = z.object({
  name: userTextSchema()
    .trim()
    .min(1, 'Token name is required')
    .max(API_TOKEN_NAME_MAX_LENGTH, `Token name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`),
});
export type CreateApiTokenRequest = z.input<typeof CreateApiTokenRequestSchema>;

/** POST /tokens: the only answer that carries the token itself. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().startsWith(API_TOKEN_PREFIX),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** The 403 answer of API access below Premium. */
export const FeatureUpgradeRequiredSchema = featureUpgradeRequiredSchema('api_access');
export type FeatureUpgradeRequired = z.infer<typeof FeatureUpgradeRequiredSchema>;
