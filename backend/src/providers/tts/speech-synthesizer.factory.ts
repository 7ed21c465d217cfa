import { EspeakSpeechSynthesizer } from './espeak-speech-synthesizer.js';
import { OpenAiSpeechSynthesizer } from './openai-speech-synthesizer.js';
import type { SpeechSynthesizer } from './speech.port.js';

/** The TTS_* settings. */
export interface SpeechConfig {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  voice?: string;
}

/** An OpenAI-compatible endpoint when TTS_BASE_URL is set, else espeak-ng (which reports itself unavailable when not installed). */
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
