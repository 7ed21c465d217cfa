import { z } from 'zod';
import { LOG_LEVELS } from '../common/app-logger.js';
import { StudyEngineEnvShape } from '../providers/llm/study-engine.config.js';
import { BookExtractorEnvSchema } from '../modules/ingestion/extraction/book-extractor.factory.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

// An unset or empty variable is absent; anything else is kept trimmed.
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.test(value), { message: hint });

/** Every environment variable ChapterWise reads, with its default. `.env.example` mirrors this. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  DATABASE_URL: optionalUrl(/^(mysql|mariadb):\/\//, 'must be a mysql:// URL (leave unset for embedded SQLite)'),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must be a redis:// URL (leave unset for in-process jobs)'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i)
    .default('chapterwise'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().default('ChapterWise <no-reply@chapterwise.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@chapterwise.local'),
  AUTH_DEV_SHOW_RESET_CODE: flag.optional(),
  AUTH_THROTTLE_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_THROTTLE_WINDOW_S: z.coerce.number().int().positive().default(60),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  API_TOKEN_RATE_WINDOW_S: z.coerce.number().int().positive().default(60),
  CORS_ORIGINS: z.string().default(''),
  EXTENSION_IDS: optionalText,
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: flag.default(false),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(600).default(10),
  JOB_LOCK_S: z.coerce.number().positive().max(600).default(30),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(200),
  SERVE_DASHBOARD: flag.default(true),
  STUDY_REQUEST_BUDGET_S: z.coerce.number().positive().default(25),
  STUDY_PREPARE_OFFLINE: flag.default(true),
  TTS_BASE_URL: optionalUrl(/^https?:\/\//, 'must be an http(s):// URL of an OpenAI-compatible endpoint'),
  TTS_API_KEY: optionalText,
  TTS_MODEL: z.string().default('tts-1'),
  TTS_VOICE: z.string().default('alloy'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  WEBHOOK_TIMEOUT_S: z.coerce.number().positive().max(60).default(10),
  WEBHOOK_RETRY_BASE_S: z.coerce.number().positive().default(30),
  RENDER_TIMEOUT_S: z.coerce.number().positive().default(60),
  ...BookExtractorEnvSchema.shape,
  ...StudyEngineEnvShape,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl(/^https?:\/\//, 'must be an http(s):// URL of an S3-compatible endpoint'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.default(false),
  PRICE_INR_PRO: z.coerce.number().positive().default(299),
  PRICE_INR_PREMIUM: z.coerce.number().positive().default(799),
  PAYMENTS_TEST_MODE: flag.optional(),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_PLAN_PRO: optionalText,
  RAZORPAY_PLAN_PREMIUM: optionalText,
  RAZORPAY_BASE_URL: z.string().url().default('https://api.razorpay.com'),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_PLAN_PRO: optionalText,
  PAYPAL_PLAN_PREMIUM: optionalText,
  PAYPAL_BASE_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
});
export type Env = z.infer<typeof EnvSchema>;
