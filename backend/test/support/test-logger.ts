import type { LoggerService } from '@nestjs/common';
import { inspect } from 'node:util';

declare global {
  /** The server log of the running test; test/support/quiet-environment.mjs prints it when the test fails. */
  var __serverLog: string[] | undefined;
}

const KEEP = 400;
// Never expected in a passing run: a database or pool used after its app closed means a job outlived its app.
const LEAK = /connection is not open|Cannot use a pool after calling end|Connection is closed|pool is closed/i;

/**
 * The test apps' Nest logger: every level is kept for the current test and printed only if it fails
 * (TEST_LOGS=all prints everything as it happens). Signs of a leaked job are printed at once.
 */
export class TestLogger implements LoggerService {
  log(message: unknown, ...rest: unknown[]): void {
    record('log', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    record('warn', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    record('error', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    record('fatal', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    record('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    record('verbose', message, rest);
  }
}

function record(level: string, message: unknown, rest: unknown[]): void {
  // Nest passes the context last, and for errors a stack before it.
  const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : '';
  const details = rest.slice(0, context ? -1 : undefined).filter((part) => part !== undefined);
  const text = [message, ...details].map((part) => (typeof part === 'string' ? part : inspect(part))).join('\n');
  const line = `${new Date().toISOString().slice(11, 23)} ${level.toUpperCase()} [${context}] ${text}`;
  if (process.env.TEST_LOGS === 'all' || ((level === 'error' || level === 'fatal') && LEAK.test(text))) {
    process.stderr.write(`${line}\n`);
  }
  const log = (globalThis.__serverLog ??= []);
  log.push(line);
  if (log.length > KEEP) log.splice(0, log.length - KEEP);
}
