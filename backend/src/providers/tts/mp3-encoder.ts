import type { PcmAudio } from './pcm.js';

/** Mono 64 kbps constant bitrate, as the product promises for every narration. */
export const MP3_BITRATE_KBPS = 64;

/** Encodes mono PCM to bare MP3 frames (no tags, no Xing/Info frame), so pieces can be joined frame by frame. */
export interface Mp3Encoder {
  readonly name: string;
  encode(pcm: PcmAudio): Promise<Buffer>;
}
