import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ENDPOINTS, type Endpoint } from '@chapterwise/shared';

/** The OpenAPI document, generated from the same zod contract that validates requests. */
export function buildOpenApiDocument(serverUrl: string): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The `token` returned by /auth/login or /auth/register.',
  });
  for (const endpoint of ENDPOINTS) registry.registerPath(toRoute(endpoint));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'ChapterWise API',
      version: '1.0.0',
      description:
        'Upload PDF books and study them: chapters, summaries, key topics, ELI12 explanations, audio and exports.',
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
    security: endpoint.auth ? [{ bearer: [] }] : [],
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
            : undefined,
        },
      ]),
    ),
  };
}
