import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { FileStorage } from './file-storage.port.js';
import { LocalFileStorage } from './local-file-storage.adapter.js';

@Global()
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new LocalFileStorage(config.filesDir),
    },
  ],
  exports: [FileStorage],
})
export class StorageModule {}
