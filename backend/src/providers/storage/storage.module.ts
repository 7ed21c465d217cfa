import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { FileStorage } from './file-storage.port.js';
import { LocalFileStorage } from './local-file-storage.adapter.js';
import { S3FileStorage } from './s3-file-storage.adapter.js';

@Global()
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [AppConfig],
      useFactory: ({ storage }: AppConfig) =>
        storage.driver === 's3' ? new S3FileStorage(storage, storage.scratchDir) : new LocalFileStorage(storage.dir),
    },
  ],
  exports: [FileStorage],
})
export class StorageModule {}
