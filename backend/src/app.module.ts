import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppExceptionFilter } from './common/app-exception.filter.js';
import { ContractResponsesInterceptor } from './common/contract-responses.interceptor.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { JobsModule } from './jobs/jobs.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ApiTokensModule } from './modules/api-tokens/api-tokens.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { DocsController } from './openapi/docs.controller.js';
import { MailModule } from './providers/mail/mail.module.js';
import { StorageModule } from './providers/storage/storage.module.js';
import { EmbeddingsModule } from './providers/embeddings/embeddings.module.js';
import { RendererModule } from './providers/renderer/renderer.module.js';
import { TtsModule } from './providers/tts/tts.module.js';
import { AudioModule } from './modules/audio/audio.module.js';
import { BookEventsModule } from './modules/books/book-events.js';
import { BooksModule } from './modules/books/books.module.js';
import { IngestionModule } from './modules/ingestion/ingestion.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { ExportsModule } from './modules/exports/exports.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { StudyEngineModule } from './providers/llm/study-engine.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { StudyModule } from './modules/study/study.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { RateLimitModule } from './providers/rate-limit/rate-limit.module.js';
import { SecretBox, setMigrationSecretBox } from './common/secret-box.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { StudioModule } from './modules/studio/studio.module.js';
import { ReaderModule } from './modules/reader/reader.module.js';
import { ExamsModule } from './modules/exams/exams.module.js';

export const DASHBOARD_DIST = fileURLToPath(new URL('../../dashboard/dist', import.meta.url));

// Vite's hashed assets never change under the same name; index.html must be re-checked on every visit.
function cacheDashboardAssets(response: { setHeader: (name: string, value: string) => void }, path: string): void {
  response.setHeader(
    'Cache-Control',
    /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

export interface AppRole {
  /** Serve HTTP (the API and, when built, the dashboard). */
  http: boolean;
  /** Run job handlers in this process. */
  worker: boolean;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, role: AppRole): DynamicModule {
    // The migration that encrypts stored webhook secrets seals with the configured key.
    setMigrationSecretBox(new SecretBox(config.secretsKey));
    const serveDashboard = role.http && config.serveDashboard && existsSync(DASHBOARD_DIST);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.database), retryAttempts: 3, retryDelay: 1000 }),
        JobsModule.forRoot(config, { runWorker: role.worker }),
        MailModule,
        RateLimitModule,
        StorageModule,
        EmbeddingsModule,
        TtsModule,
        RendererModule,
        FilesModule,
        AuthModule,
        ApiTokensModule,
        HealthModule,
        StudyEngineModule,
        BookEventsModule,
        BooksModule,
        IngestionModule,
        StudyModule,
        ReaderModule,
        SearchModule,
        AudioModule,
        ExportsModule,
        BillingModule,
        ContactModule,
        WebhooksModule,
        AccountModule,
        StudioModule,
        ExamsModule,
        ...(serveDashboard
          ? [
              ServeStaticModule.forRoot({
                rootPath: DASHBOARD_DIST,
                exclude: ['/api/{*path}'],
                serveStaticOptions: { index: 'index.html', setHeaders: cacheDashboardAssets },
              }),
            ]
          : []),
      ],
      controllers: [DocsController],
      providers: [
        { provide: APP_FILTER, useClass: AppExceptionFilter },
        // Production trusts the answers the tests held to the contract; everywhere else they are checked.
        ...(config.env === 'production'
          ? []
          : [{ provide: APP_INTERCEPTOR, useValue: new ContractResponsesInterceptor(config.env === 'test') }]),
      ],
    };
  }
}
