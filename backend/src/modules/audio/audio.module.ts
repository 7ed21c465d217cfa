import { Module, type OnModuleInit } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { createSpeechSynthesizer } from '../../providers/tts/speech-synthesizer.factory.js';
import { SpeechSynthesizer } from '../../providers/tts/speech.port.js';
import { BooksModule } from '../books/books.module.js';
import { AudioController } from './audio.controller.js';
import { AudioService } from './audio.service.js';

@Module({
  imports: [BooksModule],
  controllers: [AudioController],
  providers: [
    AudioService,
    {
      provide: SpeechSynthesizer,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createSpeechSynthesizer(config.tts),
    },
  ],
})
export class AudioModule implements OnModuleInit {
  constructor(private readonly speech: SpeechSynthesizer) {}

  async onModuleInit(): Promise<void> {
    // Said once at boot, so an operator sees why narration answers 503.
    if (!(await this.speech.isAvailable()))
      Logger.warn('Text-to-speech is not available: install espeak-ng or set TTS_BASE_URL', 'Audio');
  }
}
