import { MESSAGES } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';

// Server details for payment failures; the dashboard shows `detail` first (spec §8).
export const BILLING_DETAILS = {
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  inrNotOffered: 'Payments in INR are not available on this server.',
  usdNotOffered: 'Payments in USD are not available on this server.',
  subscriptionEnded: 'This subscription has ended. Please start a new one.',
  invalidWebhook: 'Webhook signature could not be verified',
  usageUnavailable: 'Upload usage is not available on this server yet.',
  testCheckoutGone: 'This test checkout is no longer open. Please start again.',
} as const;

export const billingErrors = {
  providerUnavailable: () => new AppError('UNAVAILABLE', BILLING_DETAILS.providerUnavailable),
  verificationFailed: () => AppError.validation(MESSAGES.paymentVerificationFailed),
  invalidWebhook: () => AppError.validation(BILLING_DETAILS.invalidWebhook),
};
