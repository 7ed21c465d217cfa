import { Worker } from 'node:worker_threads';
import { MP3_BITRATE_KBPS, type Mp3Encoder } from './mp3-encoder.js';
import { readMp3 } from './mp3-frames.js';
import type { PcmAudio } from './pcm.js';

// CPU-bound for seconds: a worker thread keeps the event loop free; inline source works from src and dist alike.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.lamejsUrl).then(({ Mp3Encoder }) => {
  const { samples, sampleRate, kbps } = workerData;
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const blocks = [];
  for (let i = 0; i < samples.length; i += 1152 * 32) blocks.push(encoder.encodeBuffer(samples.subarray(i, i + 1152 * 32)));
  blocks.push(encoder.flush());
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  for (const block of blocks) { out.set(block, offset); offset += block.length; }
  parentPort.postMessage(out, [out.buffer]);
});
`;

export class LameJsMp3Encoder implements Mp3Encoder {
  readonly name = 'lamejs';
  private readonly lamejsUrl = import.meta.resolve('@breezystack/lamejs');

  constructor(private readonly timeoutMs = 300_000) {}

  async encode(pcm: PcmAudio): Promise<Buffer> {
    if (pcm.samples.length === 0) return Buffer.alloc(0);
    const samples = pcm.samples.slice();
    const encoded = await new Promise<Uint8Array>((resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { lamejsUrl: this.lamejsUrl, samples, sampleRate: pcm.sampleRate, kbps: MP3_BITRATE_KBPS },
        transferList: [samples.buffer],
      });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`MP3 encoding took longer than ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      worker.once('message', (result: Uint8Array) => {
        clearTimeout(timer);
        resolve(result);
        void worker.terminate();
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`MP3 encoder worker exited with code ${code}`));
      });
    });
    return readMp3(Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)).frames;
  }
}
