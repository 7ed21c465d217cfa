import { networkInterfaces } from 'node:os';
import type { AppConfig } from '../config/app-config.js';

type SummaryConfig = Pick<
  AppConfig,
  'appUrl' | 'host' | 'port' | 'database' | 'redisUrl' | 'storage' | 'llm' | 'isProduction' | 'mail'
>;

/** The machine's own addresses other devices on its network can reach (a student's phone on the same Wi-Fi). */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);
}

// Credentials never reach the log: a URL shows its host (and database) only.
function hostOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
}

/** Where the server answers: the public URL, and its network addresses when it listens on every interface. */
export function whereLine(config: SummaryConfig, addresses: string[]): string {
  const everywhere = config.host === '0.0.0.0' || config.host === '::';
  const local = everywhere ? addresses.map((address) => `http://${address}:${config.port}`) : [];
  const others = local.filter((url) => url !== config.appUrl);
  return `ChapterWise is up on ${config.appUrl}${others.length ? ` (on this network also ${others.join(', ')})` : ''}`;
}

/** The mode in one line: database, queue, file storage and study engine. */
export function modeLine(config: SummaryConfig): string {
  const database =
    config.database.type === 'sqlite' ? `SQLite ${config.database.path}` : `MySQL ${hostOf(config.database.url)}`;
  const jobs = config.redisUrl ? `BullMQ on Redis ${hostOf(config.redisUrl)}` : 'in this process';
  const files =
    config.storage.driver === 'local'
      ? `disk ${config.storage.dir}`
      : `S3 bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${hostOf(config.storage.endpoint)}` : ''}`;
  const { baseUrl, apiKey, model } = config.llm;
  const engine =
    baseUrl && apiKey && model ? `model ${model} at ${hostOf(baseUrl)}` : 'offline (extractive, no network)';
  return `Database: ${database} · Jobs: ${jobs} · Files: ${files} · Study engine: ${engine}`;
}

/** What a person running a public server must fix; development defaults are not warned about. */
export function configurationWarnings(config: SummaryConfig): string[] {
  if (!config.isProduction) return [];
  const warnings: string[] = [];
  if (new URL(config.appUrl).hostname === 'localhost') {
    warnings.push(`APP_URL is not set: e-mails and payment returns link to ${config.appUrl}`);
  }
  if (!config.mail.smtpUrl) warnings.push('SMTP_URL is not set: password-reset codes cannot be sent');
  return warnings;
}
