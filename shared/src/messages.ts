/** Every user-visible message of the spec's error catalogue and success list, written once. */
export const MESSAGES = {
  // errors
  authFailed: 'Authentication failed',
  loadBooksFailed: 'Failed to load books',
  deleteBookFailed: 'Failed to delete book',
  uploadFailed: 'Upload failed. Please try again.',
  notAPdf: 'Please upload a PDF file',
  loadBookFailed: 'Failed to load book',
  loadChapterFailed: 'Failed to load chapter',
  summaryFailed: 'Failed to generate summary',
  audioFailed: 'Failed to generate audio',
  pdfFailed: 'Failed to generate PDF',
  topicsFailed: 'Failed to extract topics',
  eli12Failed: 'Failed to generate ELI12 summary',
  paymentVerificationFailed: 'Payment verification failed',
  paymentFailed: 'Payment failed. Please try again.',
  paymentTimeout: 'Payment verification timed out. Please contact support.',
  paymentExpired: 'Payment session expired. Please try again.',
  paymentCheckError: 'Failed to verify payment. Please contact support.',
  forgotFailed: 'Failed to send reset code',
  resetFailed: 'Failed to reset password',
  bookSummaryFirst: 'Please generate book summary first',
  chapterSummaryFirst: 'Please generate chapter summary first',
  loginFirst: 'Please login first',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  deleteConfirm: 'Are you sure you want to delete this book?',
  // success and warnings
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created successfully!',
  bookDeleted: 'Book deleted successfully',
  searchFailed: 'Search failed. Please try again.',
  searchNoAnswer: 'Nothing in your books answers that yet. Try other words, or search for a phrase you remember.',
  searchNotAnswered: "Your books don't seem to answer this. These passages come closest:",
  bookUploaded: 'Book uploaded and processed successfully!',
  alreadyInLibrary: 'This book is already in your library',
  wrongCurrentPassword: 'Your current password is not correct',
  passwordChanged: 'Password changed. You were signed out everywhere else, and your API tokens were revoked.',
  profileSaved: 'Name saved',
  bookSummaryGenerated: 'Book summary generated!',
  chapterSummaryGenerated: 'Chapter summary generated!',
  audioPlaying: 'Audio generated! Playing...',
  topicsExtracted: 'Topics extracted!',
  eli12Generated: 'ELI12 summary generated!',
  paymentSuccess: 'Payment successful! Your plan has been upgraded.',
  redirectingToPaypal: 'Redirecting to PayPal... Complete your payment in the new tab.',
  resetCodeSent: 'Password reset code sent to your email!',
  passwordReset: 'Password reset successfully!',
  emailServiceUnavailable: 'Email service unavailable. Code displayed below.',
  contactSent: "Message sent! We'll respond within 24 hours.",
  // server-side details (beyond the spec's catalogue, for a person to read)
  invalidCredentials: 'Incorrect email or password',
  emailTaken: 'An account with this email already exists',
  invalidResetCode: 'The reset code is invalid or has expired',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notFound: 'Not found',
  // personal API tokens
  apiTokenInvalid: 'This API token is invalid or has been revoked',
  apiTokenSessionOnly: 'API tokens cannot create or revoke API tokens. Sign in to the dashboard to manage them.',
  apiTokenAccountRoutes:
    'API tokens cannot use account routes (password, sessions, billing, export or deletion). Sign in to the dashboard for these.',
  apiTokenRateLimited: 'Too many requests with this API token. Please wait a moment and try again.',
  apiTokenCreated: 'API token created. Copy it now: it will not be shown again.',
  apiTokenRevoked: 'API token revoked',
  apiTokenCopied: 'Token copied to the clipboard',
  loadApiTokensFailed: 'Failed to load API tokens',
  createApiTokenFailed: 'Failed to create API token',
  revokeApiTokenFailed: 'Failed to revoke API token',
  // webhooks
  webhookCreated: 'Webhook added. Copy the signing secret now: it will not be shown again.',
  webhookDeleted: 'Webhook deleted',
  webhookTestQueued: 'Test event sent. Its delivery appears in the log below.',
  webhookSecretCopied: 'Signing secret copied to the clipboard',
  webhookDeleteConfirm: 'Are you sure you want to delete this webhook? Pending retries stop.',
  loadWebhooksFailed: 'Failed to load webhooks',
  createWebhookFailed: 'Failed to add webhook',
  deleteWebhookFailed: 'Failed to delete webhook',
  webhookTestFailed: 'Failed to send test event',
  loadWebhookDeliveriesFailed: 'Failed to load deliveries',
  // sessions and account (hardening)
  signedOut: 'Signed out',
  signedOutEverywhere: 'Signed out on every device, and your API tokens were revoked. Please sign in again.',
  signOutEverywhereFailed: 'Failed to sign out everywhere',
  accountDeleted: 'Your account and all its data have been deleted.',
  deleteAccountFailed: 'Failed to delete account',
  wrongPassword: 'The password is not correct',
  exportAccountFailed: 'Failed to export your data',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'Summary PDF ready! (X pages from Y pages)' */
export function summaryPdfReady(targetPages: number, originalPages: number): string {
  return `Summary PDF ready! (${targetPages} pages from ${originalPages} pages)`;
}

export function apiAccessNeedsPremium(planName: string): string {
  return `API access is part of the Premium plan. Your account is on the ${planName} plan: upgrade to Premium to create and use API tokens.`;
}

export function webhooksNeedPremium(planName: string): string {
  return `Webhooks are part of the Premium plan. Your account is on the ${planName} plan: upgrade to Premium to send book events to your own URL.`;
}

/** 'used X of Y uploads on the {plan} plan' */
export function uploadsUsed(used: number, limit: number, plan: string): string {
  return `used ${used} of ${limit} uploads on the ${plan} plan`;
}

export const CHAPTER_EDIT_MESSAGES = {
  chapterDeleted: 'Chapter deleted; its pages joined the chapter next to it',
  lastChapterMerge: 'This is the last chapter: there is no next chapter to merge it with.',
  onlyChapterDelete: 'A book keeps at least one chapter: this one cannot be deleted.',
  bookNotReady: 'This book is still being processed. Chapters can be edited once it is ready.',
  /** What the student is told before confirming an edit that drops generated study material. */
  dropsStudyMaterial:
    'The summary, key topics, ELI12 explanations and saved audio of the changed chapters will be deleted, and the summary PDF and slides will be made again.',
} as const;

/** 'Choose a page from 13 to 40: the new chapter begins there and this one ends the page before.' */
export function splitOutsideChapter(firstAllowed: number, last: number): string {
  if (firstAllowed > last) return 'This chapter has only one page, so it cannot be split.';
  return `Choose a page from ${firstAllowed} to ${last}: the new chapter begins there and this one ends the page before.`;
}
