export interface SpeechOptions {
  /** The book's language as an ISO 639-1 code (`en`, `de`), or null when unknown (English is used). */
  language: string | null;
}

export interface NarrationPart {
  title: string;
  text: string;
}

export const SPEECH_UNAVAILABLE_MESSAGE = 'Text-to-speech is not available: install espeak-ng or set TTS_BASE_URL';

/** No speech engine can run here; the API answers 503 with this message. */
export class SpeechUnavailableError extends Error {
  constructor() {
    super(SPEECH_UNAVAILABLE_MESSAGE);
    this.name = 'SpeechUnavailableError';
  }
}

/** MP3 (mono, 64 kbps); both methods reject with `SpeechUnavailableError` when the engine cannot run. */
export abstract class SpeechSynthesizer {
  abstract readonly name: string;

  /** Cached after the first call. */
  abstract isAvailable(): Promise<boolean>;

  abstract synthesize(text: string, options: SpeechOptions): Promise<Buffer>;

  /** ID3v2 CHAP frames (one per part) and a CTOC, so players can skip between parts. */
  abstract synthesizeChapters(parts: NarrationPart[], options: SpeechOptions): Promise<Buffer>;
}
