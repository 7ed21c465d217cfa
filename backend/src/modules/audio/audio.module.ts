import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { AudioController } from './audio.controller.js';
import { AudioService } from './audio.service.js';

@Module({
  imports: [BooksModule],
  controllers: [AudioController],
  providers: [AudioService],
})
export class AudioModule {}
