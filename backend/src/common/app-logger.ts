import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** LOG_LEVEL: how much the server prints; each level includes the ones before it. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type AppLogLevel = (typeof LOG_LEVELS)[number];

const NEST_LEVELS: Record<AppLogLevel, LogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

export function nestLogLevels(level: AppLogLevel): LogLevel[] {
  return NEST_LEVELS[level];
}

// Nest's own start-up narration: a line per module and per route (about 150), wanted only when debugging.
const FRAMEWORK_START_UP = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's console logger, with the framework's start-up narration moved to debug. */
export class AppLogger extends ConsoleLogger {
  constructor(level: AppLogLevel) {
    super({ logLevels: nestLogLevels(level) });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && FRAMEWORK_START_UP.has(context)) super.debug(message, ...rest);
    else super.log(message, ...rest);
  }
}
