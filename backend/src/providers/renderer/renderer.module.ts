import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { createSummaryPdfRenderer } from './summary-pdf.factory.js';
import { SummaryPdfRenderer } from './summary-pdf.port.js';

@Global()
@Module({
  providers: [
    {
      provide: SummaryPdfRenderer,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createSummaryPdfRenderer(config.renderer),
    },
  ],
  exports: [SummaryPdfRenderer],
})
export class RendererModule implements OnApplicationShutdown {
  constructor(private readonly renderer: SummaryPdfRenderer) {}

  async onApplicationShutdown(): Promise<void> {
    await this.renderer.close();
  }
}
