import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ENDPOINTS, type Endpoint } from '@chapterwise/shared';

/** The OpenAPI document, generated from the same zod contract that validates requests. */
export function buildOpenApiDocument(serverUrl: string): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Session token: the `token` returned by /auth/login or /auth/register (what the dashboard sends).',
  });
  registry.registerComponent('securitySchemes', 'personalToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cw_…',
    description: [
      'Personal API token (Premium plan): create one on the dashboard at /settings (or POST /tokens with a session)',
      'and send it as `Authorization: Bearer cw_…`. It is shown once and stored only as a hash. It reaches the same',
      "routes as a session, limited to its owner's data, except token management. The plan is checked at every use:",
      'below Premium it answers 403 `upgrade_required` and works again after an upgrade. A revoked token answers 401.',
      'Each token is rate-limited (API_TOKEN_RATE_LIMIT per API_TOKEN_RATE_WINDOW_S; 429 with Retry-After and',
      'X-RateLimit-* headers).',
    ].join(' '),
  });
  for (const endpoint of ENDPOINTS) registry.registerPath(toRoute(endpoint));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'ChapterWise API',
      version: '1.0.0',
      description:
        'Upload PDF books and study them: chapters, summaries, key topics, ELI12 explanations, audio and exports. ' +
        'Authenticate with a session token, or on Premium with a personal API token (`Authorization: Bearer cw_…`).',
    },
    servers: [{ url: `${serverUrl}/api` }],
  });
}

function toRoute(endpoint: Endpoint): RouteConfig {
  return {
    method: endpoint.method,
    path: endpoint.path,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    // Either scheme opens a route, except the session-only ones (token management).
    security: endpoint.auth ? [{ bearer: [] }, ...(endpoint.sessionOnly ? [] : [{ personalToken: [] }])] : [],
    request: {
      body: endpoint.body ? { content: { 'application/json': { schema: endpoint.body } }, required: true } : undefined,
      query: endpoint.query,
      params: endpoint.params,
    },
    responses: Object.fromEntries(
      Object.entries(endpoint.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          content: response.schema
            ? { [response.contentType ?? 'application/json']: { schema: response.schema } }
            : response.contentType
              ? // A download (the account export's zip): bytes, no JSON schema.
                { [response.contentType]: { schema: { type: 'string' as const, format: 'binary' } } }
              : undefined,
        },
      ]),
    ),
  };
}
