import { LameCliMp3Encoder } from './lame-cli-mp3-encoder.js';
import { LameJsMp3Encoder } from './lamejs-mp3-encoder.js';
import type { Mp3Encoder } from './mp3-encoder.js';
import type { PcmAudio } from './pcm.js';
import { commandRuns } from './system-command.js';

export class AutoMp3Encoder implements Mp3Encoder {
  private chosen: Promise<Mp3Encoder> | null = null;
  private chosenName = 'lame or lamejs';

  get name(): string {
    return this.chosenName;
  }

  async encode(pcm: PcmAudio): Promise<Buffer> {
    this.chosen ??= commandRuns('lame', ['--version']).then((hasLame) => {
      const encoder = hasLame ? new LameCliMp3Encoder() : new LameJsMp3Encoder();
      this.chosenName = encoder.name;
      return encoder;
    });
    return (await this.chosen).encode(pcm);
  }
}
