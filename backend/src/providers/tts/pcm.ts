/** Mono 16-bit signed samples. */
export interface PcmAudio {
  samples: Int16Array;
  sampleRate: number;
}

export function parseWav(wav: Buffer): PcmAudio {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV stream');
  }
  let channels = 0;
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const declared = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = wav.readUInt16LE(body);
      const bits = wav.readUInt16LE(body + 14);
      // 0xFFFE is WAVE_FORMAT_EXTENSIBLE, which engines use for plain PCM too.
      if ((format !== 1 && format !== 0xfffe) || bits !== 16)
        throw new Error(`Unsupported WAV encoding (format ${format}, ${bits} bit)`);
      channels = wav.readUInt16LE(body + 2);
      sampleRate = wav.readUInt32LE(body + 4);
    } else if (id === 'data') {
      if (!channels) throw new Error('WAV data before its format chunk');
      // Streaming writers (espeak-ng --stdout, TTS servers) leave a placeholder size: trust the bytes present.
      const end = Math.min(wav.length, body + declared);
      const frameBytes = 2 * channels;
      const frames = Math.floor((end - body) / frameBytes);
      const samples = new Int16Array(frames);
      if (channels === 1) {
        // WAV is little-endian, as are the CPUs Node ships for, so the bytes copy straight in.
        new Uint8Array(samples.buffer).set(wav.subarray(body, body + frames * 2));
        return { samples, sampleRate };
      }
      for (let frame = 0; frame < frames; frame++) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel++)
          sum += wav.readInt16LE(body + frame * frameBytes + channel * 2);
        samples[frame] = Math.round(sum / channels);
      }
      return { samples, sampleRate };
    }
    offset = body + declared + (declared % 2);
  }
  throw new Error('WAV stream has no data chunk');
}

export function pcmFromFloatChannels(channelData: Float32Array[], sampleRate: number): PcmAudio {
  const length = channelData[0]?.length ?? 0;
  const mixed = new Float32Array(length);
  for (const channel of channelData) {
    for (let index = 0; index < length; index++) mixed[index]! += channel[index]! / channelData.length;
  }
  const samples = new Int16Array(length);
  for (let index = 0; index < length; index++)
    samples[index] = Math.max(-32768, Math.min(32767, Math.round(mixed[index]! * 32767)));
  return { samples, sampleRate };
}

export function silence(durationMs: number, sampleRate: number): PcmAudio {
  return { samples: new Int16Array(Math.round((durationMs / 1000) * sampleRate)), sampleRate };
}

/** Linear-interpolation resampling; only used when pieces of one narration arrive at different rates. */
export function resample(pcm: PcmAudio, sampleRate: number): PcmAudio {
  if (pcm.sampleRate === sampleRate) return pcm;
  const length = Math.round((pcm.samples.length * sampleRate) / pcm.sampleRate);
  const samples = new Int16Array(length);
  const step = pcm.sampleRate / sampleRate;
  for (let index = 0; index < length; index++) {
    const position = index * step;
    const left = Math.floor(position);
    const a = pcm.samples[left] ?? 0;
    const b = pcm.samples[left + 1] ?? a;
    samples[index] = Math.round(a + (b - a) * (position - left));
  }
  return { samples, sampleRate };
}

export function concatPcm(pieces: PcmAudio[]): PcmAudio {
  const sampleRate = pieces[0]?.sampleRate ?? 22050;
  const matched = pieces.map((piece) => resample(piece, sampleRate));
  const samples = new Int16Array(matched.reduce((total, piece) => total + piece.samples.length, 0));
  let offset = 0;
  for (const piece of matched) {
    samples.set(piece.samples, offset);
    offset += piece.samples.length;
  }
  return { samples, sampleRate };
}
