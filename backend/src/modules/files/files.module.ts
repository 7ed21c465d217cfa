import { Global, Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { SignedUrls } from './signed-urls.js';

@Global()
@Module({ controllers: [FilesController], providers: [SignedUrls], exports: [SignedUrls] })
export class FilesModule {}
