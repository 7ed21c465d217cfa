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
import {
  CreateSubscriptionRequestSchema,
  LocationResponseSchema,
  PaymentResultSchema,
  PaymentStatusResponseSchema,
  PaypalSubscriptionResponseSchema,
  RazorpaySubscriptionResponseSchema,
  RazorpayVerifyRequestSchema,
  UsageSchema,
  ReceiptsQuerySchema,
  ReceiptsResponseSchema,
  ContactRequestSchema,
  ContactResponseSchema,
} from './schemas/billing.schema.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';
import { LIBRARY_ENDPOINTS } from './library-contract.js';
import { SEARCH_ENDPOINTS } from './search-contract.js';
import { WEBHOOK_ENDPOINTS } from './webhooks-contract.js';
import { API_TOKEN_ENDPOINTS } from './api-tokens-contract.js';
import { ACCOUNT_ENDPOINTS } from './account-contract.js';
import { PROFILE_ENDPOINTS } from './profile-contract.js';
import { STUDIO_ENDPOINTS } from './studio-contract.js';
import { READER_ENDPOINTS } from './reader-contract.js';
import { CHAPTER_EDIT_ENDPOINTS } from './chapter-edits-contract.js';
import { EXAM_ENDPOINTS } from './exams-contract.js';
import type { Endpoint } from './endpoint.js';

export type { Endpoint } from './endpoint.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });

export const AUTH_ENDPOINTS = [
  {
    method: 'post',
    path: '/auth/register',
    operation: 'register',
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
    operation: 'login',
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
    operation: 'me',
    tag: 'Accounts',
    summary: 'The signed-in user',
    auth: true,
    responses: { 200: { description: 'The user', schema: UserSchema }, 401: error('Not signed in') },
  },
  {
    method: 'post',
    path: '/auth/forgot-password',
    operation: 'forgotPassword',
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
    operation: 'resetPassword',
    tag: 'Accounts',
    summary: 'Set a new password with a reset code',
    auth: false,
    body: ResetPasswordRequestSchema,
    responses: {
      200: { description: 'Password changed', schema: ResetPasswordResponseSchema },
      400: error('Invalid or expired code, or a password that is too short'),
    },
  },
] as const satisfies readonly Endpoint[];

const HealthSchema = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });

export const HEALTH_ENDPOINTS = [
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
] as const satisfies readonly Endpoint[];

const WebhookAckSchema = z.object({ status: z.enum(['applied', 'duplicate', 'ignored', 'stale']) });
const ProviderEventSchema = z.looseObject({});

export const BILLING_ENDPOINTS = [
  {
    method: 'get',
    path: '/billing/usage',
    operation: 'usage',
    tag: 'Plans and payments',
    summary: "The user's plan, its monthly upload limit (null = unlimited) and uploads used this period",
    auth: true,
    responses: { 200: { description: 'Usage this period', schema: UsageSchema }, 401: error('Not signed in') },
  },
  {
    method: 'get',
    path: '/billing/receipts',
    operation: 'receipts',
    tag: 'Plans and payments',
    summary: "The signed-in user's payments that a verified payment flow recorded, newest first",
    auth: true,
    query: ReceiptsQuerySchema,
    responses: {
      200: { description: 'Receipts: date, amount, currency and provider', schema: ReceiptsResponseSchema },
      400: error('limit is not a whole number from 1 to 50'),
      401: error('Not signed in'),
    },
  },
  {
    method: 'get',
    path: '/payments/detect-location',
    operation: 'detectLocation',
    tag: 'Plans and payments',
    summary: 'Country of the caller (offline lookup), the currency to offer (inr in India, usd elsewhere) and prices',
    auth: false,
    responses: { 200: { description: 'Country, currency and prices', schema: LocationResponseSchema } },
  },
  {
    method: 'post',
    path: '/payments/razorpay/create-subscription',
    operation: 'createRazorpaySubscription',
    tag: 'Plans and payments',
    summary:
      'Start an INR subscription with Razorpay; open Razorpay Checkout (or test_checkout_url in test mode) with it',
    auth: true,
    body: CreateSubscriptionRequestSchema,
    responses: {
      201: { description: 'Subscription created, waiting for payment', schema: RazorpaySubscriptionResponseSchema },
      400: error('Unknown plan'),
      409: error('The plan is already in force (checkouts only upgrade)'),
      503: error('Razorpay is not configured or could not be reached'),
    },
  },
  {
    method: 'post',
    path: '/payments/razorpay/verify',
    operation: 'verifyRazorpay',
    tag: 'Plans and payments',
    summary: "Confirm Checkout's result; the signature is checked against the subscription this user created",
    auth: true,
    body: RazorpayVerifyRequestSchema,
    responses: {
      200: { description: 'Payment verified; the plan is upgraded', schema: PaymentResultSchema },
      400: error('Payment verification failed'),
      404: error('No such subscription for this user'),
    },
  },
  {
    method: 'post',
    path: '/payments/razorpay/webhook',
    tag: 'Plans and payments',
    summary:
      'Razorpay subscription events, verified with X-Razorpay-Signature over the raw body; replays change nothing',
    auth: false,
    body: ProviderEventSchema,
    responses: { 200: { description: 'Event handled', schema: WebhookAckSchema }, 400: error('Invalid signature') },
  },
  {
    method: 'post',
    path: '/payments/paypal/create-subscription',
    operation: 'createPaypalSubscription',
    tag: 'Plans and payments',
    summary:
      'Start a USD subscription with PayPal; send the buyer to approve_url, which returns to /payment-success?session_id=…',
    auth: true,
    body: CreateSubscriptionRequestSchema,
    responses: {
      201: { description: 'Subscription created, waiting for approval', schema: PaypalSubscriptionResponseSchema },
      400: error('Unknown plan'),
      409: error('The plan is already in force (checkouts only upgrade)'),
      503: error('PayPal is not configured or could not be reached'),
    },
  },
  {
    method: 'post',
    path: '/payments/paypal/webhook',
    tag: 'Plans and payments',
    summary: "PayPal subscription events, verified by PayPal's verify-webhook-signature; replays change nothing",
    auth: false,
    body: ProviderEventSchema,
    responses: {
      200: { description: 'Event handled', schema: WebhookAckSchema },
      400: error('Invalid signature'),
      503: error('PayPal could not verify the event now; deliver again later'),
    },
  },
  {
    method: 'get',
    path: '/payments/status/{session_id}',
    operation: 'paymentStatus',
    tag: 'Plans and payments',
    summary:
      "The checkout's state as the provider reports it now (paid upgrades the plan); payment_status and status agree",
    auth: true,
    params: z.object({ session_id: z.string() }),
    responses: {
      200: {
        description: 'paid, pending, expired or failed, and the plan in force',
        schema: PaymentStatusResponseSchema,
      },
      404: error('No such checkout for this user'),
      503: error('The provider could not be reached'),
    },
  },
] as const satisfies readonly Endpoint[];

export const CONTACT_ENDPOINTS = [
  {
    method: 'post',
    path: '/contact',
    operation: 'contact',
    tag: 'Support',
    summary: 'Send a message to support (stored, and mailed when SMTP is configured)',
    auth: false,
    body: ContactRequestSchema,
    responses: {
      200: { description: 'Received', schema: ContactResponseSchema },
      400: error('A field is missing or invalid'),
      429: error('Too many messages'),
    },
  },
] as const satisfies readonly Endpoint[];

/** Every endpoint of the API; feature contracts add theirs here. */
export const ENDPOINTS = [
  ...AUTH_ENDPOINTS,
  ...HEALTH_ENDPOINTS,
  ...LIBRARY_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...CONTACT_ENDPOINTS,
  ...API_TOKEN_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...STUDIO_ENDPOINTS,
  ...READER_ENDPOINTS,
  ...CHAPTER_EDIT_ENDPOINTS,
  ...EXAM_ENDPOINTS,
];
