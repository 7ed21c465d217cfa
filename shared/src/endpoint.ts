import type { z } from 'zod';

/** One call of the API: the single source for validation, the typed client and the OpenAPI document. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path under /api, OpenAPI style: `/books/{id}`. */
  path: string;
  /** The typed client's name for this call (ApiClient), where the client makes it. */
  operation?: string;
  tag: string;
  summary: string;
  auth: boolean;
  /** Needs a dashboard session: a personal API token is refused (403). */
  sessionOnly?: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}
