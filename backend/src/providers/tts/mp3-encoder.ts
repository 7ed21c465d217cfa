import type { PcmAudio } from './pcm.js';

export const MP3_BITRATE_KBPS = 64;

/** Bare MP3 frames (no tags, no Xing/Info frame), so pieces can be joined frame by frame. */
export interface Mp3Encoder {
  readonly name: string;
  encode(pcm: PcmAudio): Promise<Buffer>;
}
