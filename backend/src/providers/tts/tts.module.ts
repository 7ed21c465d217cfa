import { Global, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { createSpeechSynthesizer } from './speech-synthesizer.factory.js';
import { SPEECH_UNAVAILABLE_MESSAGE, SpeechSynthesizer } from './speech.port.js';

@Global()
@Module({
  providers: [
    {
      provide: SpeechSynthesizer,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createSpeechSynthesizer(config.tts),
    },
  ],
  exports: [SpeechSynthesizer],
})
export class TtsModule implements OnModuleInit {
  constructor(private readonly speech: SpeechSynthesizer) {}

  async onModuleInit(): Promise<void> {
    // Said once at boot, so an operator sees why narration answers 503.
    if (!(await this.speech.isAvailable())) Logger.warn(SPEECH_UNAVAILABLE_MESSAGE, 'Audio');
  }
}
