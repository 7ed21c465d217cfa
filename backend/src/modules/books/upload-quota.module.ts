import { Global, Injectable, Module } from '@nestjs/common';
import { UploadQuotaReader } from '../billing/upload-quota-reader.js';
import { currentPeriod, UploadQuotaRepository } from './upload-quota.repository.js';

@Injectable()
class CountedUploads extends UploadQuotaReader {
  constructor(private readonly quota: UploadQuotaRepository) {
    super();
  }

  async usedThisPeriod(userId: string): Promise<{ period: string; used: number }> {
    const period = currentPeriod();
    return { period, used: await this.quota.used(userId, period) };
  }
}

@Global()
@Module({
  providers: [UploadQuotaRepository, { provide: UploadQuotaReader, useClass: CountedUploads }],
  exports: [UploadQuotaRepository, UploadQuotaReader],
})
export class UploadQuotaModule {}
