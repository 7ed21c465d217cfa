import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants/limits.js';
import { PLANS } from './constants/plans.js';
import type { Endpoint } from './endpoint.js';
import { MESSAGES } from './messages.js';
import { AuthResponseSchema, UserSchema } from './schemas/auth.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';
import { userTextSchema } from './user-text.js';

/** PATCH /auth/me: what the account page may change about the user. */
export const UpdateProfileRequestSchema = z.object({
  name: userTextSchema().trim().min(1, 'Name is required').max(120),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/** POST /auth/change-password: the answer is a fresh session; every other session ends. */
export const ChangePasswordRequestSchema = z.object({
  current_password: z.string().min(1, 'Current password is required').max(1024),
  new_password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(1024),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** POST /billing/cancel-subscription: the plan stays until ends_at, then returns to free. */
export const CancelSubscriptionResponseSchema = z.object({
  plan: z.enum(PLANS),
  ends_at: z.string().nullable(),
});
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;

const error = (description: string) => ({ description, schema: ErrorResponseSchema });

/** The account page (/settings): name, password and cancelling the subscription. */
export const PROFILE_ENDPOINTS = [
  {
    method: 'patch',
    path: '/auth/me',
    operation: 'updateProfile',
    tag: 'Accounts',
    summary: 'Change your name',
    auth: true,
    sessionOnly: true,
    body: UpdateProfileRequestSchema,
    responses: { 200: { description: 'The user', schema: UserSchema }, 400: error('Invalid input') },
  },
  {
    method: 'post',
    path: '/auth/change-password',
    operation: 'changePassword',
    tag: 'Accounts',
    summary: 'Change your password: signs out every other session and returns a new token for this one',
    auth: true,
    sessionOnly: true,
    body: ChangePasswordRequestSchema,
    responses: {
      200: { description: 'Password changed', schema: AuthResponseSchema },
      400: error('Wrong current password, or a new one that is too short'),
    },
  },
  {
    method: 'post',
    path: '/billing/cancel-subscription',
    operation: 'cancelSubscription',
    tag: 'Billing',
    summary: 'Cancel the renewing subscription with its provider, effective at the end of the paid period',
    auth: true,
    sessionOnly: true,
    responses: {
      200: { description: 'Cancelled: the plan runs until ends_at', schema: CancelSubscriptionResponseSchema },
      409: error('No subscription renews'),
      503: error('The payment provider could not be reached'),
    },
  },
] as const satisfies readonly Endpoint[];
