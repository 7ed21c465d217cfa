import NodeID3 from 'node-id3';
import pLimit from 'p-limit';
import type { Mp3Encoder } from './mp3-encoder.js';
import { readMp3 } from './mp3-frames.js';
import { concatPcm, resample, silence, type PcmAudio } from './pcm.js';
import { SpeechSynthesizer, SpeechUnavailableError, type NarrationPart, type SpeechOptions } from './speech.port.js';
import { prepareForSpeech, splitIntoSpeechChunks } from './speech-text.js';

const PAUSE_AFTER_TITLE_MS = 500;
const PAUSE_BETWEEN_PARTS_MS = 1000;
// A CTOC frame counts its entries in one byte.
const MAX_CTOC_ENTRIES = 255;

type NarrationItem = { part: number; text: string } | { part: number; pauseMs: number };

interface EncodedSegment {
  frames: Buffer;
  durationMs: number;
  partStartsMs: Map<number, number>;
}

// Segments of a few minutes are spoken and encoded in parallel (bounded), so only a few are in memory at once.
export abstract class PcmSpeechSynthesizer extends SpeechSynthesizer {
  protected abstract readonly maxPieceChars: number;
  /** Every piece is brought to this rate so the joined stream has one. */
  protected abstract readonly outputSampleRate: number;
  protected abstract speakPiece(text: string, options: SpeechOptions): Promise<PcmAudio>;

  constructor(
    private readonly encoder: Mp3Encoder,
    private readonly concurrency: number,
    private readonly segmentChars: number,
  ) {
    super();
  }

  get encoderName(): string {
    return this.encoder.name;
  }

  async synthesize(text: string, options: SpeechOptions): Promise<Buffer> {
    await this.assertAvailable();
    const items = this.piecesOf(text, 0, options);
    if (items.length === 0) throw new Error('There is no text to narrate');
    return (await this.narrate(items, options)).frames;
  }

  async synthesizeChapters(parts: NarrationPart[], options: SpeechOptions): Promise<Buffer> {
    await this.assertAvailable();
    if (parts.length === 0) throw new Error('There is no text to narrate');
    const titles = parts.map((part, index) => part.title.trim() || `Part ${index + 1}`);
    const items = parts.flatMap((part, index): NarrationItem[] => [
      ...this.piecesOf(titles[index]!, index, options),
      { part: index, pauseMs: PAUSE_AFTER_TITLE_MS },
      ...this.piecesOf(part.text, index, options),
      ...(index < parts.length - 1 ? [{ part: index, pauseMs: PAUSE_BETWEEN_PARTS_MS }] : []),
    ]);
    const { frames, durationMs, partStartsMs } = await this.narrate(items, options);
    return Buffer.concat([chapterTag(titles, partStartsMs, durationMs), frames]);
  }

  private async assertAvailable(): Promise<void> {
    if (!(await this.isAvailable())) throw new SpeechUnavailableError();
  }

  private piecesOf(text: string, part: number, options: SpeechOptions): NarrationItem[] {
    return splitIntoSpeechChunks(prepareForSpeech(text), this.maxPieceChars, options.language).map((piece) => ({
      part,
      text: piece,
    }));
  }

  private async narrate(
    items: NarrationItem[],
    options: SpeechOptions,
  ): Promise<{ frames: Buffer; durationMs: number; partStartsMs: number[] }> {
    const limit = pLimit(this.concurrency);
    const segments = await Promise.all(
      groupIntoSegments(items, this.segmentChars).map((segment) => limit(() => this.encodeSegment(segment, options))),
    );
    const partStartsMs: number[] = [];
    let elapsedMs = 0;
    for (const segment of segments) {
      for (const [part, startMs] of segment.partStartsMs) partStartsMs[part] ??= elapsedMs + startMs;
      elapsedMs += segment.durationMs;
    }
    return { frames: Buffer.concat(segments.map((segment) => segment.frames)), durationMs: elapsedMs, partStartsMs };
  }

  private async encodeSegment(items: NarrationItem[], options: SpeechOptions): Promise<EncodedSegment> {
    const rate = this.outputSampleRate;
    const audio: PcmAudio[] = [];
    const partStartsMs = new Map<number, number>();
    let samples = 0;
    for (const item of items) {
      if (!partStartsMs.has(item.part)) partStartsMs.set(item.part, (samples / rate) * 1000);
      const pcm =
        'text' in item ? resample(await this.speakPiece(item.text, options), rate) : silence(item.pauseMs, rate);
      audio.push(pcm);
      samples += pcm.samples.length;
    }
    const frames = await this.encoder.encode(concatPcm(audio));
    return { frames, durationMs: frames.length > 0 ? readMp3(frames).durationMs : 0, partStartsMs };
  }
}

function groupIntoSegments(items: NarrationItem[], segmentChars: number): NarrationItem[][] {
  const segments: NarrationItem[][] = [];
  let current: NarrationItem[] = [];
  let chars = 0;
  for (const item of items) {
    const length = 'text' in item ? item.text.length : 0;
    if (current.length > 0 && chars + length > segmentChars) {
      segments.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += length;
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

function chapterTag(titles: string[], startsMs: number[], totalMs: number): Buffer {
  const chapter = titles.map((title, index) => ({
    elementID: `ch${index}`,
    startTimeMs: Math.round(startsMs[index] ?? 0),
    // node-id3 drops a chapter whose end is 0, and players expect end > start.
    endTimeMs: Math.max(Math.round(startsMs[index + 1] ?? totalMs), Math.round(startsMs[index] ?? 0) + 1),
    tags: { title },
  }));
  const ids = chapter.map((entry) => entry.elementID);
  const groups: string[][] = [];
  for (let index = 0; index < ids.length; index += MAX_CTOC_ENTRIES)
    groups.push(ids.slice(index, index + MAX_CTOC_ENTRIES));
  const tableOfContents =
    groups.length === 1
      ? [{ elementID: 'toc', isOrdered: true, elements: ids, tags: { title: 'Chapters' } }]
      : [
          {
            elementID: 'toc',
            isOrdered: true,
            elements: groups.map((_, index) => `toc${index}`),
            tags: { title: 'Chapters' },
          },
          ...groups.map((elements, index) => ({ elementID: `toc${index}`, isOrdered: true, elements })),
        ];
  return NodeID3.create({ chapter, tableOfContents });
}
