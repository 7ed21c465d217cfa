import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import NodeID3 from 'node-id3';
import { EspeakSpeechSynthesizer } from '../../src/providers/tts/espeak-speech-synthesizer.js';
import { LameJsMp3Encoder } from '../../src/providers/tts/lamejs-mp3-encoder.js';
import { OpenAiSpeechSynthesizer } from '../../src/providers/tts/openai-speech-synthesizer.js';
import { createSpeechSynthesizer } from '../../src/providers/tts/speech-synthesizer.factory.js';
import { prepareForSpeech } from '../../src/providers/tts/speech-text.js';
import { SpeechUnavailableError, type NarrationPart } from '../../src/providers/tts/speech.port.js';
import { FakeTtsServer } from '../fakes/fake-tts-server.js';

const run = promisify(execFile);

async function installed(binary: string, versionFlag: string): Promise<boolean> {
  return run(binary, [versionFlag]).then(
    () => true,
    () => false,
  );
}
const toolsPresent =
  (await installed('espeak-ng', '--version')) &&
  (await installed('ffprobe', '-version')) &&
  (await installed('ffmpeg', '-version'));
if (!toolsPresent)
  console.warn('speech.int-spec: espeak-ng, ffprobe or ffmpeg is not installed; skipping the narration tests');
const describeWithTools = toolsPresent ? describe : describe.skip;

const PARAGRAPH =
  'The cell is the basic unit of life. It holds the machinery that turns food into energy, and it copies itself when the body grows. ' +
  'Scientists first saw cells through simple microscopes in the seventeenth century (p. 12). Today we know that every plant and animal is built from them, ' +
  'and that a single drop of pond water can hold thousands of living creatures, each made of one cell. ';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'cw-speech-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface Probe {
  format: { format_name: string; duration: string };
  streams: Array<{ codec_name: string; channels: number; bit_rate: string; sample_rate: string }>;
  chapters: Array<{ start_time: string; end_time: string; tags: { title: string } }>;
}

async function probe(mp3: Buffer): Promise<Probe> {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.mp3`);
  await writeFile(file, mp3);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-show_chapters',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as Probe;
}

/** Silences of at least `minSeconds`, found by ffmpeg in the decoded audio. */
async function silences(mp3: Buffer, minSeconds: number): Promise<Array<{ start: number; end: number }>> {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.mp3`);
  await writeFile(file, mp3);
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-i',
    file,
    '-af',
    `silencedetect=n=-45dB:d=${minSeconds}`,
    '-f',
    'null',
    '-',
  ]);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((match) => Number(match[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((match) => Number(match[1]));
  return starts.map((start, index) => ({ start, end: ends[index] ?? Number.POSITIVE_INFINITY }));
}

/** The first frame's header, read by hand: MPEG Layer III, mono, 64 kbps. */
function expectMono64kbpsFrames(mp3: Buffer, audioStart = 0) {
  const [sync, versionLayer, rates, mode] = mp3.subarray(audioStart, audioStart + 4);
  expect(sync).toBe(0xff);
  expect(versionLayer! & 0xe0).toBe(0xe0);
  expect((versionLayer! >> 1) & 3).toBe(1); // Layer III
  const mpeg1 = ((versionLayer! >> 3) & 3) === 3;
  expect(rates! >> 4).toBe(mpeg1 ? 5 : 8); // the 64 kbps index in each version's table
  expect(mode! >> 6).toBe(3); // single channel
}

function expectMono64kbps(info: Probe) {
  expect(info.format.format_name).toBe('mp3');
  expect(info.streams).toHaveLength(1);
  expect(info.streams[0]).toMatchObject({ codec_name: 'mp3', channels: 1 });
  expect(Number(info.streams[0]!.bit_rate)).toBeGreaterThanOrEqual(62_000);
  expect(Number(info.streams[0]!.bit_rate)).toBeLessThanOrEqual(66_000);
}

/** How long each MP3 the fake sent back plays, as ffprobe measures it. */
async function secondsSent(server: FakeTtsServer): Promise<number[]> {
  const sent = server.requests.flatMap((request) => (request.audio ? [request.audio] : []));
  return Promise.all(sent.map(async (audio) => Number((await probe(audio)).format.duration)));
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describeWithTools(EspeakSpeechSynthesizer.name, () => {
  const espeak = new EspeakSpeechSynthesizer();

  it('narrates text as a mono 64 kbps MP3 lasting about words / speaking rate', async () => {
    const text = PARAGRAPH.repeat(4);
    const mp3 = await espeak.synthesize(text, { language: 'en' });
    expectMono64kbpsFrames(mp3);
    const info = await probe(mp3);
    expectMono64kbps(info);
    const expectedSeconds = (wordCount(text) / espeak.wordsPerMinute) * 60;
    expect(Math.abs(Number(info.format.duration) - expectedSeconds) / expectedSeconds).toBeLessThan(0.15);
  });

  it('joins a long text spoken in many pieces into one continuous stream', async () => {
    // About 5,000 characters in segments of at most 2,000: three espeak-ng runs and encodes, joined frame by frame.
    const text = PARAGRAPH.repeat(13);
    const segmented = new EspeakSpeechSynthesizer({ segmentChars: 2000 });
    const mp3 = await segmented.synthesize(text, { language: 'en' });
    const info = await probe(mp3);
    expectMono64kbps(info);
    const expectedSeconds = (wordCount(text) / espeak.wordsPerMinute) * 60;
    expect(Math.abs(Number(info.format.duration) - expectedSeconds) / expectedSeconds).toBeLessThan(0.15);
    // The joins fall between sentences, so they add no pause longer than a sentence break.
    expect(await silences(mp3, 1.0)).toEqual([]);
  });

  it('marks each part with an ID3 chapter that starts in the pause before it', async () => {
    const parts: NarrationPart[] = [
      { title: 'Chapter 1: Cells', text: PARAGRAPH },
      { title: 'Chapter 2: Energy', text: PARAGRAPH.repeat(2) },
      { title: 'Chapter 3: Growth', text: '**Growth** needs food.\n- Cells divide (pp. 40–42)' },
    ];
    const mp3 = await espeak.synthesizeChapters(parts, { language: 'en' });
    const info = await probe(mp3);
    expectMono64kbps(info);
    expect(info.chapters.map((chapter) => chapter.tags.title)).toEqual(parts.map((part) => part.title));
    const starts = info.chapters.map((chapter) => Number(chapter.start_time));
    expect(starts[0]).toBe(0);
    expect(Number(info.chapters.at(-1)!.end_time)).toBeCloseTo(Number(info.format.duration), 0);
    // Parts are separated by a one-second pause; each later chapter begins inside one of them.
    const gaps = await silences(mp3, 1.1);
    expect(gaps).toHaveLength(parts.length - 1);
    starts.slice(1).forEach((start, index) => {
      expect(start).toBeGreaterThanOrEqual(gaps[index]!.start);
      expect(start).toBeLessThanOrEqual(gaps[index]!.end + 0.05);
    });
    const tags = NodeID3.read(mp3);
    expect(tags.tableOfContents?.[0]?.elements).toEqual(tags.chapter?.map((chapter) => chapter.elementID));
  });

  it('encodes in-process with lamejs when the system lame is not used', async () => {
    const inProcess = new EspeakSpeechSynthesizer({ encoder: new LameJsMp3Encoder() });
    const mp3 = await inProcess.synthesize(PARAGRAPH, { language: 'en' });
    expectMono64kbpsFrames(mp3);
    expectMono64kbps(await probe(mp3));
  });

  it("picks the voice from the book's language", async () => {
    expect(await espeak.voiceFor('en')).toBe('en-us');
    expect(await espeak.voiceFor(null)).toBe('en-us');
    expect(await espeak.voiceFor('de')).toBe('de');
    expect(await espeak.voiceFor('fr')).toBe('fr-fr');
    expect(await espeak.voiceFor('en-GB')).toBe('en-gb');
    expect(await espeak.voiceFor('zz')).toBe('en-us');
    const german = await espeak.synthesize('Die Zelle ist die kleinste Einheit des Lebens.', { language: 'de' });
    expectMono64kbps(await probe(german));
  });
});

describe('speech engine availability', () => {
  it('reports espeak-ng unavailable and refuses with the 503 message when the binary is missing', async () => {
    const missing = new EspeakSpeechSynthesizer({ binary: join(tmpdir(), 'no-such-espeak-ng') });
    expect(await missing.isAvailable()).toBe(false);
    await expect(missing.synthesize('Hello.', { language: 'en' })).rejects.toThrow(SpeechUnavailableError);
    await expect(missing.synthesizeChapters([{ title: 'One', text: 'Hello.' }], { language: 'en' })).rejects.toThrow(
      'Text-to-speech is not available: install espeak-ng or set TTS_BASE_URL',
    );
  });

  it('uses the OpenAI-compatible endpoint when TTS_BASE_URL is set and espeak-ng otherwise', () => {
    expect(createSpeechSynthesizer({})).toBeInstanceOf(EspeakSpeechSynthesizer);
    const remote = createSpeechSynthesizer({ baseUrl: 'http://127.0.0.1:9/v1', model: 'kokoro', voice: 'af_sky' });
    expect(remote).toBeInstanceOf(OpenAiSpeechSynthesizer);
    expect(remote.name).toBe('kokoro');
  });
});

describeWithTools(OpenAiSpeechSynthesizer.name, () => {
  let server: FakeTtsServer;
  let speech: OpenAiSpeechSynthesizer;
  beforeAll(async () => {
    server = await FakeTtsServer.start({ apiKey: 'sk-test-key', model: 'tts-1-hd', voice: 'nova' });
    speech = new OpenAiSpeechSynthesizer({
      baseUrl: server.url,
      apiKey: 'sk-test-key',
      model: 'tts-1-hd',
      voice: 'nova',
    });
  });
  afterAll(() => server.close());
  beforeEach(() => server.requests.splice(0));

  it('sends model, input, voice and response_format with the bearer key and re-encodes to mono 64 kbps', async () => {
    const mp3 = await speech.synthesize('The cell is the basic unit of life (p. 12).', { language: 'en' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      authorization: 'Bearer sk-test-key',
      body: {
        model: 'tts-1-hd',
        input: 'The cell is the basic unit of life (page 12).',
        voice: 'nova',
        response_format: 'mp3',
      },
    });
    expectMono64kbpsFrames(mp3);
    const info = await probe(mp3);
    expectMono64kbps(info);
    expect(Math.abs(Number(info.format.duration) - (await secondsSent(server))[0]!)).toBeLessThan(0.1);
  });

  it('accepts a base URL that already ends in /v1', async () => {
    const withV1 = new OpenAiSpeechSynthesizer({
      baseUrl: `${server.url}/v1/`,
      apiKey: 'sk-test-key',
      model: 'tts-1-hd',
      voice: 'nova',
    });
    await withV1.synthesize('Hello there.', { language: null });
    expect(server.requests).toHaveLength(1);
  });

  it('splits a long text at sentence boundaries into requests the server accepts and joins the audio', async () => {
    const text = PARAGRAPH.repeat(6);
    const limited = new OpenAiSpeechSynthesizer({
      baseUrl: server.url,
      apiKey: 'sk-test-key',
      model: 'tts-1-hd',
      voice: 'nova',
      maxInputChars: 1000,
    });
    const mp3 = await limited.synthesize(text, { language: 'en' });
    const inputs = server.requests.map((request) => String(request.body.input));
    expect(inputs.length).toBeGreaterThanOrEqual(3);
    // Every sentence starts with a capital and ends with a full stop, so a cut inside one would show.
    for (const input of inputs) {
      expect(input.length).toBeLessThanOrEqual(1000);
      expect(input).toMatch(/^[A-Z].*\.$/);
    }
    expect(inputs.join(' ')).toBe(prepareForSpeech(text));
    const expectedSeconds = (await secondsSent(server)).reduce((total, seconds) => total + seconds, 0);
    // Each encoded segment adds at most about 0.1 s of encoder delay and padding.
    expect(Math.abs(Number((await probe(mp3)).format.duration) - expectedSeconds)).toBeLessThan(0.1 * inputs.length);
  });

  it('puts chapter marks where each part begins', async () => {
    const parts = [
      { title: 'Introduction', text: 'A short start.' },
      { title: 'The middle', text: PARAGRAPH },
    ];
    const info = await probe(await speech.synthesizeChapters(parts, { language: 'en' }));
    expect(info.chapters.map((chapter) => chapter.tags.title)).toEqual(['Introduction', 'The middle']);
    expect(server.requests.map((request) => request.body.input)).toEqual([
      'Introduction.',
      'A short start.',
      'The middle.',
      expect.any(String),
    ]);
    // Part one: its title, a 0.5 s pause, its text, then the 1 s pause between parts.
    const [title, text] = await secondsSent(server);
    expect(Math.abs(Number(info.chapters[1]!.start_time) - (title! + 0.5 + text! + 1))).toBeLessThan(0.1);
  });

  it('retries a 503 answer and then succeeds', async () => {
    server.failNext(503);
    await speech.synthesize('Retry me.', { language: 'en' });
    expect(server.requests).toHaveLength(2);
  });

  it('fails without retrying when the key is rejected', async () => {
    const wrongKey = new OpenAiSpeechSynthesizer({
      baseUrl: server.url,
      apiKey: 'sk-wrong',
      model: 'tts-1-hd',
      voice: 'nova',
    });
    await expect(wrongKey.synthesize('Hello.', { language: 'en' })).rejects.toThrow(/answered 401.*Incorrect API key/);
    expect(server.requests).toHaveLength(1);
  });
});
