// Enough to measure what our encoders produce and to join separately encoded pieces frame by frame.

const LAYER3_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export interface Mp3FrameHeader {
  sampleRate: number;
  bitrateKbps: number;
  channels: 1 | 2;
  samplesPerFrame: number;
  length: number;
}

export interface Mp3Audio {
  frames: Buffer;
  frameCount: number;
  sampleRate: number;
  channels: 1 | 2;
  bitratesKbps: number[];
  durationMs: number;
}

export function readFrameHeader(bytes: Buffer, offset: number): Mp3FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  if (version === 1 || layer !== 1) return null;
  const bitrateKbps = (version === 3 ? LAYER3_KBPS.mpeg1 : LAYER3_KBPS.mpeg2)[b2 >> 4];
  const sampleRate = SAMPLE_RATES[version]![(b2 >> 2) & 3];
  if (!bitrateKbps || !sampleRate) return null;
  const samplesPerFrame = version === 3 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  const channels = bytes[offset + 3]! >> 6 === 3 ? 1 : 2;
  return { sampleRate, bitrateKbps, channels, samplesPerFrame, length };
}

function id3v2Length(bytes: Buffer, offset: number): number {
  if (bytes.toString('latin1', offset, offset + 3) !== 'ID3' || offset + 10 > bytes.length) return 0;
  const size =
    ((bytes[offset + 6]! & 0x7f) << 21) |
    ((bytes[offset + 7]! & 0x7f) << 14) |
    ((bytes[offset + 8]! & 0x7f) << 7) |
    (bytes[offset + 9]! & 0x7f);
  const footer = bytes[offset + 5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

function isInfoFrame(bytes: Buffer, offset: number, header: Mp3FrameHeader): boolean {
  const frame = bytes.subarray(offset, offset + Math.min(header.length, 64));
  return frame.includes('Xing', 0, 'latin1') || frame.includes('Info', 0, 'latin1');
}

export function readMp3(bytes: Buffer): Mp3Audio {
  let offset = 0;
  for (let tag = id3v2Length(bytes, offset); tag > 0; tag = id3v2Length(bytes, offset)) offset += tag;
  const kept: Buffer[] = [];
  const bitrates = new Set<number>();
  let first: Mp3FrameHeader | null = null;
  let frameCount = 0;
  let samples = 0;
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header || offset + header.length > bytes.length) {
      // Skip stray bytes until the next frame that is followed by another frame (or the end).
      const next = findSync(bytes, offset + 1);
      if (next < 0) break;
      offset = next;
      continue;
    }
    if (!(frameCount === 0 && kept.length === 0 && isInfoFrame(bytes, offset, header))) {
      first ??= header;
      kept.push(bytes.subarray(offset, offset + header.length));
      bitrates.add(header.bitrateKbps);
      frameCount++;
      samples += header.samplesPerFrame;
    }
    offset += header.length;
  }
  if (!first) throw new Error('No MP3 audio frames found');
  return {
    frames: Buffer.concat(kept),
    frameCount,
    sampleRate: first.sampleRate,
    channels: first.channels,
    bitratesKbps: [...bitrates].sort((a, b) => a - b),
    durationMs: (samples / first.sampleRate) * 1000,
  };
}

function findSync(bytes: Buffer, from: number): number {
  for (let offset = from; offset + 4 <= bytes.length; offset++) {
    const header = readFrameHeader(bytes, offset);
    if (!header) continue;
    const next = offset + header.length;
    if (next === bytes.length || readFrameHeader(bytes, next)) return offset;
  }
  return -1;
}
