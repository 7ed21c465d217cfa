import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ErrorCode } from '@chapterwise/shared';
import type { Response } from 'express';
import { AppError } from './app-error.js';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UPGRADE_REQUIRED: 403,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** Maps every error to `{ detail, code }` with one status per code; unknown errors never leak internals. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const { status, body } = this.toBody(exception);
    if (status >= 500)
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : exception);
    response.status(status).json(body);
  }

  private toBody(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof AppError) {
      return {
        status: STATUS[exception.code],
        body: { detail: exception.detail, code: exception.code, ...exception.extra },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const message = typeof raw === 'string' ? raw : (raw as { message?: unknown }).message;
      const detail = Array.isArray(message)
        ? message.join('; ')
        : typeof message === 'string'
          ? message
          : exception.message;
      return { status, body: { detail, code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION') } };
    }
    if (isDriverUnavailable(exception)) {
      return {
        status: 503,
        body: { detail: 'The service is temporarily unavailable. Please try again shortly.', code: 'UNAVAILABLE' },
      };
    }
    return { status: 500, body: { detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
  }
}

// Lost database or Redis connections surface as driver errors; they are a 503, not a 500 (JOB-3).
function isDriverUnavailable(exception: unknown): boolean {
  const code =
    (exception as { code?: unknown; driverError?: { code?: unknown } })?.code ??
    (exception as { driverError?: { code?: unknown } })?.driverError?.code;
  return (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'PROTOCOL_CONNECTION_LOST', 'ETIMEDOUT', 'ECONNRESET', 'ER_CON_COUNT_ERROR'].includes(code)
  );
}
