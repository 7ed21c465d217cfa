import { EspeakSpeechSynthesizer } from './espeak-speech-synthesizer.js';
import { OpenAiSpeechSynthesizer } from './openai-speech-synthesizer.js';
import type { SpeechSynthesizer } from './speech.port.js';

export interface SpeechConfig {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  voice?: string;
}

export function createSpeechSynthesizer(config: SpeechConfig): SpeechSynthesizer {
  if (config.baseUrl) {
    return new OpenAiSpeechSynthesizer({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      voice: config.voice,
    });
  }
  return new EspeakSpeechSynthesizer();
}
