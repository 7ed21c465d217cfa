import { setTimeout as sleep } from 'node:timers/promises';
import { MPEGDecoder } from 'mpg123-decoder';
import { AutoMp3Encoder } from './auto-mp3-encoder.js';
import type { Mp3Encoder } from './mp3-encoder.js';
import { parseWav, pcmFromFloatChannels, type PcmAudio } from './pcm.js';
import { PcmSpeechSynthesizer } from './pcm-speech-synthesizer.js';

export interface OpenAiSpeechConfig {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  voice?: string;
  timeoutMs?: number;
  attempts?: number;
  /** OpenAI takes 4096 characters, some compatible servers less. */
  maxInputChars?: number;
  encoder?: Mp3Encoder;
  concurrency?: number;
}

const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

// Pieces are decoded and the joined narration re-encoded, so every output has one format and exact chapter times.
export class OpenAiSpeechSynthesizer extends PcmSpeechSynthesizer {
  protected readonly maxPieceChars: number;
  protected readonly outputSampleRate = 24000;
  readonly name: string;
  private readonly endpoint: string;
  private readonly apiKey: string | undefined;
  private readonly voice: string;
  private readonly timeoutMs: number;
  private readonly attempts: number;

  constructor(config: OpenAiSpeechConfig) {
    super(config.encoder ?? new AutoMp3Encoder(), config.concurrency ?? 2, 4000);
    this.maxPieceChars = config.maxInputChars ?? 4000;
    this.endpoint = speechEndpoint(config.baseUrl);
    this.apiKey = config.apiKey;
    this.name = config.model ?? 'tts-1';
    this.voice = config.voice ?? 'alloy';
    this.timeoutMs = config.timeoutMs ?? 60_000;
    this.attempts = config.attempts ?? 3;
  }

  isAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  protected async speakPiece(text: string): Promise<PcmAudio> {
    for (let attempt = 1; ; attempt++) {
      try {
        return decodeSpeech(await this.request(text));
      } catch (error) {
        if (!(error instanceof RetryableSpeechError) || attempt >= this.attempts) throw error;
        await sleep(500 * 2 ** (attempt - 1));
      }
    }
  }

  private async request(text: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.name, input: text, voice: this.voice, response_format: 'mp3' }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new RetryableSpeechError(`The text-to-speech service could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      const message = `The text-to-speech service answered ${response.status}${detail ? `: ${detail}` : ''}`;
      throw response.status === 429 || response.status >= 500 ? new RetryableSpeechError(message) : new Error(message);
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES)
      throw new Error('The text-to-speech answer is too large');
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_RESPONSE_BYTES) throw new Error('The text-to-speech answer is too large');
    return body;
  }
}

class RetryableSpeechError extends Error {}

/** `TTS_BASE_URL` may be given with or without the `/v1` that OpenAI's SDKs include. */
function speechEndpoint(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = /\/v1$/.test(path) ? `${path}/audio/speech` : `${path}/v1/audio/speech`;
  return url.toString();
}

async function decodeSpeech(audio: Buffer): Promise<PcmAudio> {
  if (audio.toString('ascii', 0, 4) === 'RIFF') return parseWav(audio);
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength));
    if (decoded.samplesDecoded === 0) throw new Error('The text-to-speech service returned no playable audio');
    return pcmFromFloatChannels(decoded.channelData, decoded.sampleRate);
  } finally {
    decoder.free();
  }
}
