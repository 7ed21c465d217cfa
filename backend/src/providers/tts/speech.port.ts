export interface SpeechOptions {
  /** The book's language as an ISO 639-1 code (`en`, `de`), or null when unknown (English is used). */
  language: string | null;
}

/** One section of a longer narration, e.g. one chapter summary. */
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

/**
 * Text-to-speech producing MP3 (mono, 64 kbps). Text of any length is split at sentence boundaries,
 * spoken piece by piece and joined into one stream. Markdown markers are dropped and page
 * references such as "(p. 12)" are read as "page 12".
 * Both methods reject with `SpeechUnavailableError` when the engine cannot run.
 */
export abstract class SpeechSynthesizer {
  /** What produces the voice, for logs and asset metadata: `espeak-ng` or the TTS model. */
  abstract readonly name: string;

  /** Whether the engine can run (the binary exists / an endpoint is configured). Cached after the first call. */
  abstract isAvailable(): Promise<boolean>;

  /** One MP3 (mono, 64 kbps) of the whole text. */
  abstract synthesize(text: string, options: SpeechOptions): Promise<Buffer>;

  /**
   * One MP3 of all parts in order, each announced by its title, with ID3v2 CHAP frames (one per part,
   * titled with the part's title, start/end in milliseconds of the audio) and a CTOC frame listing
   * them, so players can skip between parts.
   */
  abstract synthesizeChapters(parts: NarrationPart[], options: SpeechOptions): Promise<Buffer>;
}
