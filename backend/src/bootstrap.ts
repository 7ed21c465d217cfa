import 'reflect-metadata';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { AppModule, DASHBOARD_DIST, type AppRole } from './app.module.js';
import { AppLogger } from './common/app-logger.js';
import { dashboardPage } from './common/dashboard-page.js';
import { precompressedAssets } from './common/precompressed-assets.js';
import { isTrustworthyOrigin } from './common/trustworthy-origin.js';
import type { AppConfig } from './config/app-config.js';

export async function createApp(
  config: AppConfig,
  role: AppRole,
  options: { logger?: LoggerService } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, role), {
    rawBody: true,
    bufferLogs: false,
    logger: options.logger ?? new AppLogger(config.logLevel),
  });
  app.setGlobalPrefix('api', { exclude: [] });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(
    helmet({
      // No inline scripts anywhere (WEB-1); the dashboard's own assets and blob: audio are allowed.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", 'https://api.razorpay.com'],
          connectSrc: ["'self'", 'https://lumberjack.razorpay.com'],
          // Embedded mode is often plain http on a LAN address: upgrading would break every asset.
          upgradeInsecureRequests: null,
        },
      },
      strictTransportSecurity: config.appUrl.startsWith('https://'),
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Browsers ignore COOP where the origin is not trustworthy (plain http under a name other than localhost, as a
  // phone on the network opens the dashboard) and log an error about it on every page: it goes where it counts.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!isTrustworthyOrigin(request.protocol, request.hostname)) response.removeHeader('Cross-Origin-Opener-Policy');
    next();
  });
  app.enableCors({
    origin: (origin, callback) => callback(null, !origin || isAllowedOrigin(config, origin)),
    credentials: false,
    exposedHeaders: ['Content-Disposition'],
  });
  app.use(precompressedAssets(DASHBOARD_DIST));
  // Text assets and JSON shrink to about a third; PDFs, MP3s and slides are already compressed.
  app.use(compression());
  // A page of the dashboard is index.html with that page's scripts named in its head (the rest: ServeStatic).
  if (config.serveDashboard) app.use(dashboardPage(DASHBOARD_DIST));
  app.useBodyParser('json', { limit: '1mb' });
  return app;
}

export const SHUTDOWN_MARGIN_MS = 15_000;

// Nest's own shutdown hooks re-raise the signal, which ends the process without an exit code (LIFE-1 wants 0).
// The handlers are in place before the app is built: a supervisor may stop a process that is still starting (a
// restarted worker on a busy machine), which then closes what it has built and exits 0 too. `stopping()` tells the
// starting code not to begin serving after the signal.
export function exitCleanlyOnSignals(
  app: Promise<{ close: () => Promise<void> }>,
  deadlineMs: number,
): { stopping: () => boolean } {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // A supervisor waits for this exit before starting a replacement: a close stuck on a dead peer must not.
      setTimeout(() => {
        console.error(`Shutdown did not finish within ${Math.round(deadlineMs / 1000)} s: exiting anyway`);
        process.exit(1);
      }, deadlineMs).unref();
      app
        .then((built) => built.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(error);
            process.exit(1);
          },
        );
    });
  }
  return { stopping: () => closing };
}

// The dashboard's own origin and the configured extensions only (WEB-2); more origins come from CORS_ORIGINS.
export function isAllowedOrigin(
  config: Pick<AppConfig, 'appUrl' | 'corsOrigins' | 'extensionIds'>,
  origin: string,
): boolean {
  if (origin === config.appUrl || config.corsOrigins.includes(origin)) return true;
  const extension = /^(?:chrome|moz)-extension:\/\/([a-z0-9-]+)$/i.exec(origin);
  return extension !== null && config.extensionIds.includes(extension[1]!.toLowerCase());
}
