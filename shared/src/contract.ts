import { z } from 'zod';
import {
  AuthResponseSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  UserSchema,
} from './schemas/auth.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';

/** One call of the API: the single source for validation, the typed client and the OpenAPI document. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path under /api, OpenAPI style: `/books/{id}`. */
  path: string;
  tag: string;
  summary: string;
  /** Whether a bearer token is required. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}

const error = (description: string) => ({ description, schema: ErrorResponseSchema });

export const AUTH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/auth/register',
    tag: 'Accounts',
    summary: 'Create an account and receive a session token',
    auth: false,
    body: RegisterRequestSchema,
    responses: {
      201: { description: 'Account created', schema: AuthResponseSchema },
      400: error('Invalid input'),
      409: error('Email already registered'),
      429: error('Too many attempts'),
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Accounts',
    summary: 'Sign in with email and password',
    auth: false,
    body: LoginRequestSchema,
    responses: {
      200: { description: 'Signed in', schema: AuthResponseSchema },
      401: error('Incorrect email or password'),
      429: error('Too many attempts'),
    },
  },
  {
    method: 'get',
    path: '/auth/me',
    tag: 'Accounts',
    summary: 'The signed-in user',
    auth: true,
    responses: { 200: { description: 'The user', schema: UserSchema }, 401: error('Not signed in') },
  },
  {
    method: 'post',
    path: '/auth/forgot-password',
    tag: 'Accounts',
    summary: 'Send a password reset code (the same answer for known and unknown emails)',
    auth: false,
    body: ForgotPasswordRequestSchema,
    responses: {
      200: { description: 'Code sent, or shown in development without mail', schema: ForgotPasswordResponseSchema },
      429: error('Too many attempts'),
    },
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    tag: 'Accounts',
    summary: 'Set a new password with a reset code',
    auth: false,
    body: ResetPasswordRequestSchema,
    responses: {
      200: { description: 'Password changed', schema: ResetPasswordResponseSchema },
      400: error('Invalid or expired code, or a password that is too short'),
    },
  },
];

const HealthSchema = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });

export const HEALTH_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/health',
    tag: 'Health',
    summary: 'Liveness',
    auth: false,
    responses: { 200: { description: 'The process is up', schema: HealthSchema } },
  },
  {
    method: 'get',
    path: '/health/ready',
    tag: 'Health',
    summary: 'Readiness: database, and Redis when configured',
    auth: false,
    responses: {
      200: { description: 'Ready', schema: HealthSchema },
      503: { description: 'A dependency is down (named in checks)', schema: HealthSchema },
    },
  },
];

/** Every endpoint of the API; feature contracts add theirs here. */
export const ENDPOINTS: Endpoint[] = [...AUTH_ENDPOINTS, ...HEALTH_ENDPOINTS];
