import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { ENDPOINTS, type Endpoint, successSchemaOfEndpoint } from '@chapterwise/shared';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import type { z } from 'zod';

/** "GET /api/books/:" for both Express's "/api/books/:id" and the contract's "/books/{id}". */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:\w+|\{\w+\}/g, ':')}`;

/**
 * Holds the server to the contract's answers: every JSON answer of a listed endpoint is checked against the
 * endpoint's success schemas before it leaves. The dashboard trusts its server's answers rather than build every
 * schema on a phone, so this is where a wrong field is caught: registered outside production, it fails the call
 * under test (a 500 whose log says what differs) and logs a warning in development.
 */
@Injectable()
export class ContractResponsesInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Contract');
  private readonly endpoints = new Map<string, Endpoint>(
    (ENDPOINTS as readonly Endpoint[]).map((endpoint) => [routeKey(endpoint.method, `/api${endpoint.path}`), endpoint]),
  );
  private readonly schemas = new Map<Endpoint, z.ZodType>();

  constructor(private readonly failOnMismatch: boolean) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const routePath = (request.route as { path?: unknown } | undefined)?.path;
    const endpoint =
      typeof routePath === 'string' ? this.endpoints.get(routeKey(request.method, routePath)) : undefined;
    if (!endpoint) return next.handle();
    return next.handle().pipe(map((body: unknown) => this.checked(endpoint, body)));
  }

  private checked(endpoint: Endpoint, body: unknown): unknown {
    // Files and streams are written by their handlers; only a JSON answer comes back through here.
    if (body === undefined || body === null || typeof body !== 'object' || !isJson(body)) return body;
    let schema = this.schemas.get(endpoint);
    if (!schema) this.schemas.set(endpoint, (schema = successSchemaOfEndpoint(endpoint)));
    const result = schema.safeParse(body);
    // A field the answer leaves out for the schema's default to fill is missing too: no one fills it in the browser.
    const missing = result.success ? fieldsFilledByDefault(result.data, body) : [];
    if (result.success && missing.length === 0) return body;
    const differences = (
      result.success
        ? missing.map((path) => `${path}: missing (the schema's default is not applied by the dashboard)`)
        : result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`)
    )
      .slice(0, 5)
      .join('; ');
    const message = `${endpoint.method.toUpperCase()} ${endpoint.path} answered outside its contract: ${differences}`;
    if (this.failOnMismatch) throw new Error(message);
    this.logger.warn(message);
    return body;
  }
}

/** Paths of what `parsed` has and `sent` did not: the fields a schema's `.default()` filled in. */
function fieldsFilledByDefault(parsed: unknown, sent: unknown, path = ''): string[] {
  if (Array.isArray(parsed) && Array.isArray(sent))
    return parsed.flatMap((item, index) => fieldsFilledByDefault(item, sent[index], `${path}[${index}]`));
  if (!parsed || typeof parsed !== 'object' || !sent || typeof sent !== 'object') return [];
  return Object.entries(parsed).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (!(key in sent)) return value === undefined ? [] : [at];
    return fieldsFilledByDefault(value, (sent as Record<string, unknown>)[key], at);
  });
}

function isJson(body: object): boolean {
  const prototype = Object.getPrototypeOf(body) as unknown;
  return Array.isArray(body) || prototype === Object.prototype || prototype === null;
}
