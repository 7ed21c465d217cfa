import { z } from 'zod';
import { PLANS } from '../constants/plans.js';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH } from '../constants/limits.js';
import { MESSAGES } from '../messages.js';
import { EmailSchema } from './common.schema.js';
import { userTextSchema } from '../user-text.js';

// Passwords are compared exactly as typed: never trimmed or normalised.
const PasswordSchema = z.string().min(1, 'Password is required').max(1024);

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(PLANS),
});
export type User = z.infer<typeof UserSchema>;

export const RegisterRequestSchema = z.object({
  name: userTextSchema().trim().min(1, 'Name is required').max(120),
  email: EmailSchema,
  // A new password follows the reset rule (same minimum, same message).
  password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(1024),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** `reset_code` is present only in development with no mail transport. */
export const ForgotPasswordResponseSchema = z.object({
  email_sent: z.boolean(),
  reset_code: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

export const ResetPasswordRequestSchema = z.object({
  email: EmailSchema,
  reset_code: z
    .string()
    .trim()
    .min(1, 'Reset code is required')
    .max(RESET_CODE_LENGTH)
    .transform((code) => code.toUpperCase()),
  new_password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(1024),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const ResetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponseSchema>;
