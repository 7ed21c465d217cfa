import { MP3_BITRATE_KBPS, type Mp3Encoder } from './mp3-encoder.js';
import { readMp3 } from './mp3-frames.js';
import type { PcmAudio } from './pcm.js';
import { runCommand } from './system-command.js';

export class LameCliMp3Encoder implements Mp3Encoder {
  readonly name = 'lame';

  constructor(
    private readonly binary = 'lame',
    private readonly timeoutMs = 300_000,
  ) {}

  async encode(pcm: PcmAudio): Promise<Buffer> {
    if (pcm.samples.length === 0) return Buffer.alloc(0);
    const kHz = String(pcm.sampleRate / 1000);
    const args = ['--quiet', '-r', '-s', kHz, '--bitwidth', '16', '--signed', '--little-endian', '-m', 'm'];
    // --resample pins the output rate (lame would otherwise pick one for the bitrate); -t: no Xing frame.
    args.push('-b', String(MP3_BITRATE_KBPS), '--cbr', '--resample', kHz, '-t', '-', '-');
    const input = new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
    const output = await runCommand(this.binary, args, { input, timeoutMs: this.timeoutMs });
    return readMp3(output).frames;
  }
}
