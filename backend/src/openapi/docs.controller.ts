import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { Public } from '../common/auth.decorators.js';
import { buildOpenApiDocument } from './openapi-document.js';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']);

/** `/api/docs`: Swagger UI over the generated document, with no inline script (CSP). */
@Public()
@Controller('docs')
export class DocsController {
  private readonly document: object;

  constructor(config: AppConfig) {
    this.document = buildOpenApiDocument(config.appUrl);
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>ChapterWise API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;
  }

  @Get('openapi.json')
  openapi(): object {
    return this.document;
  }

  @Get('init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    return "window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', persistAuthorization: true });";
  }

  @Get('assets/:file')
  asset(@Res() response: Response): void {
    const file = String(response.req.params.file);
    if (!ASSETS.has(file)) {
      response.status(404).json({ detail: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    response.sendFile(file, { root: swaggerUiDir, maxAge: '1d' });
  }
}
