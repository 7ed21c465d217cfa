import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { createSummaryPdfRenderer } from '../../providers/renderer/summary-pdf.factory.js';
import { SummaryPdfRenderer } from '../../providers/renderer/summary-pdf.port.js';
import { BooksModule } from '../books/books.module.js';
import { StudyModule } from '../study/study.module.js';
import { ExportsController } from './exports.controller.js';
import { ExportsService } from './exports.service.js';

@Module({
  imports: [BooksModule, StudyModule],
  controllers: [ExportsController],
  providers: [
    ExportsService,
    {
      provide: SummaryPdfRenderer,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createSummaryPdfRenderer(config.renderer),
    },
  ],
})
export class ExportsModule implements OnApplicationShutdown {
  constructor(private readonly renderer: SummaryPdfRenderer) {}

  // One shared browser for every render; closed with the app.
  async onApplicationShutdown(): Promise<void> {
    await this.renderer.close();
  }
}
