import { AutoMp3Encoder } from './auto-mp3-encoder.js';
import type { Mp3Encoder } from './mp3-encoder.js';
import { parseWav, type PcmAudio } from './pcm.js';
import { PcmSpeechSynthesizer } from './pcm-speech-synthesizer.js';
import type { SpeechOptions } from './speech.port.js';
import { runCommand } from './system-command.js';

export interface EspeakOptions {
  binary?: string;
  wordsPerMinute?: number;
  encoder?: Mp3Encoder;
  concurrency?: number;
  /** Bounds the raw audio held in memory. */
  segmentChars?: number;
  timeoutMs?: number;
}

// About six minutes of speech (~17 MB of raw audio): two segments encode side by side on two cores.
const DEFAULT_SEGMENT_CHARS = 6000;

// Where the bare language code is not itself a voice, the voice most listeners expect.
const PREFERRED_VOICE: Record<string, string> = { en: 'en-us', zh: 'cmn' };

/** espeak-ng, a local formant synthesiser (well over 500x realtime here); the voice follows the book's language. */
export class EspeakSpeechSynthesizer extends PcmSpeechSynthesizer {
  readonly name = 'espeak-ng';
  protected readonly maxPieceChars: number;
  protected readonly outputSampleRate = 22050;
  readonly wordsPerMinute: number;
  private readonly binary: string;
  private readonly timeoutMs: number;
  private languages: Promise<string[] | null> | null = null;

  constructor(options: EspeakOptions = {}) {
    const segmentChars = options.segmentChars ?? DEFAULT_SEGMENT_CHARS;
    super(options.encoder ?? new AutoMp3Encoder(), options.concurrency ?? 2, segmentChars);
    // espeak-ng takes text of any length, so a piece is a whole segment: fewer processes to start.
    this.maxPieceChars = segmentChars;
    this.binary = options.binary ?? 'espeak-ng';
    this.wordsPerMinute = options.wordsPerMinute ?? 175;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  async isAvailable(): Promise<boolean> {
    return (await this.installedLanguages()) !== null;
  }

  async voiceFor(language: string | null): Promise<string> {
    const installed = (await this.installedLanguages()) ?? [];
    const code = (language ?? 'en').trim().toLowerCase().replace(/_/g, '-');
    const primary = code.split('-')[0] ?? 'en';
    const candidates = [code, PREFERRED_VOICE[primary], primary, `${primary}-${primary}`];
    const match =
      candidates.find((candidate) => candidate && installed.includes(candidate)) ??
      installed.find((voice) => voice.startsWith(`${primary}-`));
    return match ?? 'en-us';
  }

  protected async speakPiece(text: string, options: SpeechOptions): Promise<PcmAudio> {
    const voice = await this.voiceFor(options.language);
    // Text goes through stdin, never the command line; -b 1 reads it as UTF-8.
    const wav = await runCommand(this.binary, ['-b', '1', '-v', voice, '-s', String(this.wordsPerMinute), '--stdout'], {
      input: text,
      timeoutMs: this.timeoutMs,
    });
    return parseWav(wav);
  }

  private installedLanguages(): Promise<string[] | null> {
    this.languages ??= runCommand(this.binary, ['--voices'], { timeoutMs: 10_000 }).then(
      (output) =>
        output
          .toString()
          .split('\n')
          .slice(1)
          .map((line) => line.trim().split(/\s+/)[1])
          .filter((language): language is string => Boolean(language)),
      () => null,
    );
    return this.languages;
  }
}
