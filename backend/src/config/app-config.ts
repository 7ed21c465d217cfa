import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import type { AppLogLevel } from '../common/app-logger.js';
import { llmConfig, type LlmConfig } from '../providers/llm/study-engine.config.js';
import {
  bookExtractorSettings,
  type BookExtractorSettings,
} from '../modules/ingestion/extraction/book-extractor.factory.js';
import type { SummaryPdfRendererConfig } from '../providers/renderer/summary-pdf.factory.js';
import type { S3StorageConfig } from '../providers/storage/s3-file-storage.adapter.js';
import type { SpeechConfig } from '../providers/tts/speech-synthesizer.factory.js';
import { EnvSchema, type Env } from './config.schema.js';

export class AppConfig {
  readonly env!: Env['NODE_ENV'];
  readonly isProduction!: boolean;
  readonly port!: number;
  readonly host!: string;
  readonly dataDir!: string;
  readonly filesDir!: string;
  readonly storage!: StorageConfig;
  /**
   * The public URL: the server's address wherever it must be absolute (mail, payment returns, CORS, the API
   * document). Pages and file links are paths, so the dashboard works under any host name that reaches it.
   */
  readonly appUrl!: string;
  readonly logLevel!: AppLogLevel;
  readonly database!: { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };
  readonly redisUrl!: string | undefined;
  /** Key prefix of the queues, so several deployments (or test runs) can share one Redis. */
  readonly redisPrefix!: string;
  readonly jwt!: { secret: string; ttlHours: number };
  readonly secretsKey!: string;
  readonly mail!: { smtpUrl: string | undefined; from: string; supportEmail: string };
  /** Show the reset code on the page: development without a mail transport only (RST-3). */
  readonly showResetCodeWithoutMail!: boolean;
  readonly authThrottle!: { limit: number; windowMs: number };
  readonly apiTokenRateLimit!: { limit: number; windowMs: number };
  readonly corsOrigins!: string[];
  /** Browser-extension ids whose chrome-extension:// or moz-extension:// origin CORS allows (WEB-2). */
  readonly extensionIds!: string[];
  readonly trustProxy!: boolean;
  /** lockMs: how long a job stays claimed without a heartbeat before another worker takes it (BullMQ). */
  readonly jobs!: { concurrency: number; attempts: number; shutdownGraceMs: number; lockMs: number };
  readonly maxUploadBytes!: number;
  readonly serveDashboard!: boolean;
  /** How long a summary request waits before answering 202 and leaving the work to a job. */
  readonly study!: { requestBudgetMs: number; prepareOffline: boolean };
  readonly extraction!: BookExtractorSettings;
  readonly llm!: LlmConfig;
  readonly tts!: SpeechConfig;
  readonly renderer!: SummaryPdfRendererConfig;
  readonly payments!: PaymentsConfig;
  readonly webhooks!: WebhooksConfig;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export class ConfigError extends Error {}

/** local: files under DATA_DIR/files; s3: an S3-compatible bucket, copies for tools under scratchDir. */
export type StorageConfig = { driver: 'local'; dir: string } | ({ driver: 's3'; scratchDir: string } & S3StorageConfig);

/** Chrome id of the extension's development build (fixed by the public key in extension/wxt.config.ts). */
export const DEVELOPMENT_EXTENSION_ID = 'imbbdmpjkbijnblkkgnngiohleboppal';

export interface WebhooksConfig {
  timeoutMs: number;
  retryBaseMs: number;
  requireHttps: boolean;
  /** Outside production a receiver on loopback is allowed (local development and tests); never private or link-local. */
  allowLoopback: boolean;
}

/** live: the provider's API with our keys; test: the local test checkout (never in production); off: not offered. */
export type PaymentMode = 'live' | 'test' | 'off';

export interface PaymentsConfig {
  /** Monthly INR prices (USD prices are fixed in shared). */
  inrPrices: { pro: number; premium: number };
  razorpay: {
    mode: PaymentMode;
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    planIds: { pro: string; premium: string } | undefined;
    baseUrl: string;
  };
  paypal: {
    mode: PaymentMode;
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookId: string | undefined;
    planIds: { pro: string; premium: string } | undefined;
    baseUrl: string;
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // `NAME=` in a .env file means "not set", as in .env.example.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  if (isProduction && !env.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  if (isProduction && env.AUTH_DEV_SHOW_RESET_CODE) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_DEV_SHOW_RESET_CODE: must not be set when NODE_ENV=production (reset codes are never shown in production)',
    );
  }

  return new AppConfig({
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    filesDir: join(dataDir, 'files'),
    storage: storageConfig(env, dataDir),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Tests print warnings and errors only, unless told otherwise.
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    database: env.DATABASE_URL
      ? { type: 'mysql', url: env.DATABASE_URL }
      : { type: 'sqlite', path: join(dataDir, 'chapterwise.sqlite') },
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    jwt: { secret: env.JWT_SECRET ?? developmentSecret(dataDir, 'jwt-secret'), ttlHours: env.JWT_TTL_HOURS },
    secretsKey: env.SECRETS_KEY ?? `derived:${env.JWT_SECRET ?? developmentSecret(dataDir, 'jwt-secret')}`,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    showResetCodeWithoutMail: !isProduction && (env.AUTH_DEV_SHOW_RESET_CODE ?? true),
    authThrottle: { limit: env.AUTH_THROTTLE_LIMIT, windowMs: env.AUTH_THROTTLE_WINDOW_S * 1000 },
    apiTokenRateLimit: { limit: env.API_TOKEN_RATE_LIMIT, windowMs: env.API_TOKEN_RATE_WINDOW_S * 1000 },
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    extensionIds: (env.EXTENSION_IDS ?? (isProduction ? '' : DEVELOPMENT_EXTENSION_ID))
      .split(',')
      .map((id) => id.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    jobs: {
      concurrency: env.JOB_CONCURRENCY,
      attempts: env.JOB_ATTEMPTS,
      shutdownGraceMs: Math.round(env.SHUTDOWN_GRACE_S * 1000),
      lockMs: env.JOB_LOCK_S * 1000,
    },
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    serveDashboard: env.SERVE_DASHBOARD,
    study: { requestBudgetMs: env.STUDY_REQUEST_BUDGET_S * 1000, prepareOffline: env.STUDY_PREPARE_OFFLINE },
    extraction: bookExtractorSettings(env),
    llm: llmConfig(env),
    tts: { baseUrl: env.TTS_BASE_URL, apiKey: env.TTS_API_KEY, model: env.TTS_MODEL, voice: env.TTS_VOICE },
    renderer: { executablePath: env.CHROMIUM_PATH, timeoutMs: env.RENDER_TIMEOUT_S * 1000 },
    payments: paymentsConfig(env, isProduction),
    webhooks: {
      timeoutMs: env.WEBHOOK_TIMEOUT_S * 1000,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_S * 1000,
      requireHttps: isProduction,
      allowLoopback: !isProduction,
    },
  });
}

function storageConfig(env: Env, dataDir: string): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local', dir: join(dataDir, 'files') };
  if (!env.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    scratchDir: join(dataDir, 'tmp', 'copies'),
  };
}

// Keys make a provider live; without keys it runs the local test checkout outside production (PAY-4).
function paymentsConfig(env: Env, isProduction: boolean): PaymentsConfig {
  const problems: string[] = [];
  if (isProduction && env.PAYMENTS_TEST_MODE) {
    problems.push(
      'PAYMENTS_TEST_MODE: must not be set when NODE_ENV=production (the test checkout never runs in production)',
    );
  }
  const modeFor = (
    prefix: string,
    credentials: Record<string, string | undefined>,
    plans: Record<string, string | undefined>,
  ): PaymentMode => {
    const given = Object.values(credentials).some(Boolean);
    if (given) {
      for (const [name, value] of Object.entries({ ...credentials, ...plans })) {
        if (!value) problems.push(`${name}: required when ${prefix} payments are configured`);
      }
    }
    if (env.PAYMENTS_TEST_MODE === true) return 'test';
    if (given) return 'live';
    return !isProduction && env.PAYMENTS_TEST_MODE !== false ? 'test' : 'off';
  };
  const razorpayMode = modeFor(
    'Razorpay',
    { RAZORPAY_KEY_ID: env.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: env.RAZORPAY_KEY_SECRET },
    { RAZORPAY_PLAN_PRO: env.RAZORPAY_PLAN_PRO, RAZORPAY_PLAN_PREMIUM: env.RAZORPAY_PLAN_PREMIUM },
  );
  const paypalMode = modeFor(
    'PayPal',
    { PAYPAL_CLIENT_ID: env.PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: env.PAYPAL_CLIENT_SECRET },
    { PAYPAL_PLAN_PRO: env.PAYPAL_PLAN_PRO, PAYPAL_PLAN_PREMIUM: env.PAYPAL_PLAN_PREMIUM },
  );
  if (problems.length)
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  const planIds = (pro: string | undefined, premium: string | undefined) =>
    pro && premium ? { pro, premium } : undefined;
  return {
    inrPrices: { pro: env.PRICE_INR_PRO, premium: env.PRICE_INR_PREMIUM },
    razorpay: {
      mode: razorpayMode,
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      planIds: planIds(env.RAZORPAY_PLAN_PRO, env.RAZORPAY_PLAN_PREMIUM),
      baseUrl: env.RAZORPAY_BASE_URL.replace(/\/$/, ''),
    },
    paypal: {
      mode: paypalMode,
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      planIds: planIds(env.PAYPAL_PLAN_PRO, env.PAYPAL_PLAN_PREMIUM),
      baseUrl: env.PAYPAL_BASE_URL.replace(/\/$/, ''),
    },
  };
}

// Outside production a secret is generated once and kept under DATA_DIR, so sessions survive restarts.
function developmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, `${name}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
