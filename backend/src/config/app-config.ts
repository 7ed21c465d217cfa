import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { EnvSchema, type Env } from './config.schema.js';

/** The parsed configuration, injected by class token. */
export class AppConfig {
  readonly env!: Env['NODE_ENV'];
  readonly isProduction!: boolean;
  readonly port!: number;
  readonly host!: string;
  readonly dataDir!: string;
  readonly filesDir!: string;
  readonly appUrl!: string;
  readonly database!: { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };
  readonly redisUrl!: string | undefined;
  readonly jwt!: { secret: string; ttlHours: number };
  readonly mail!: { smtpUrl: string | undefined; from: string; supportEmail: string };
  /** Show the reset code on the page: development without a mail transport only (RST-3). */
  readonly showResetCodeWithoutMail!: boolean;
  readonly authThrottle!: { limit: number; windowMs: number };
  readonly corsOrigins!: string[];
  readonly trustProxy!: boolean;
  readonly jobs!: { concurrency: number; attempts: number };
  readonly maxUploadBytes!: number;
  readonly serveDashboard!: boolean;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export class ConfigError extends Error {}

/** Parses the environment once; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
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
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    database: env.DATABASE_URL
      ? { type: 'mysql', url: env.DATABASE_URL }
      : { type: 'sqlite', path: join(dataDir, 'chapterwise.sqlite') },
    redisUrl: env.REDIS_URL,
    jwt: { secret: env.JWT_SECRET ?? developmentSecret(dataDir, 'jwt-secret'), ttlHours: env.JWT_TTL_HOURS },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    showResetCodeWithoutMail: !isProduction && (env.AUTH_DEV_SHOW_RESET_CODE ?? true),
    authThrottle: { limit: env.AUTH_THROTTLE_LIMIT, windowMs: env.AUTH_THROTTLE_WINDOW_S * 1000 },
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    jobs: { concurrency: env.JOB_CONCURRENCY, attempts: env.JOB_ATTEMPTS },
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    serveDashboard: env.SERVE_DASHBOARD,
  });
}

// Outside production a secret is generated once and kept under DATA_DIR, so sessions survive restarts.
function developmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, `${name}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
