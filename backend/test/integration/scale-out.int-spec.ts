// Scaled mode across real processes that share no disk: one API and two workers, each with its own DATA_DIR,
// on MariaDB + Redis, files in an S3-compatible store (s3rver). The same suite runs on the local driver,
// where the processes share one DATA_DIR as a single host (or a shared volume) would.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiClient,
  bookPdf,
  filesUnder,
  startCluster,
  startS3Server,
  type ApiClient,
  type Cluster,
  type S3Server,
} from '../support/scale-cluster.mjs';
import { ensureBackendBuilt } from '../support/server-process.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) {
  if (process.env.CI === 'true') throw new Error('CI=true but TEST_DATABASE_URL / TEST_REDIS_URL are not set');
  process.stderr.write('[notice] TEST_DATABASE_URL or TEST_REDIS_URL is not set: the scale-out tests are skipped\n');
}
const describeScaled = databaseUrl && redisUrl ? describe : describe.skip;
const chromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const espeak = existsSync('/usr/bin/espeak-ng');
const BOOKS = 6;
const IN_PROGRESS = new Set(['extracting', 'ocr', 'detecting_chapters']);

// Generous limits: the work is small (six 13-page books), but a shared machine can be slow to start processes.
const TIMEOUT = 180_000;

/** What the processes logged (warnings and errors in tests), for a failure message. */
function workerLogs(cluster: Cluster): string {
  return [cluster.api, ...cluster.workers].map((proc) => `--- ${proc.url}\n${proc.output().slice(-3000)}`).join('\n');
}

describeScaled.each(['s3', 'local'] as const)('scaled mode on the %s storage driver', (driver) => {
  let s3: S3Server | undefined;
  let cluster: Cluster;
  let api: ApiClient;
  let token: string;
  const bookIds: string[] = [];

  beforeAll(async () => {
    ensureBackendBuilt();
    s3 = driver === 's3' ? await startS3Server() : undefined;
    cluster = await startCluster({
      databaseUrl: databaseUrl!,
      redisUrl: redisUrl!,
      storageEnv: s3?.env ?? { STORAGE_DRIVER: 'local' },
      workers: 2,
      sharedDataDir: driver === 'local',
    });
    api = apiClient(cluster.api.url);
    const user = await api.register();
    token = user.token;
    await cluster.setPlan(user.id, 'premium');
  }, TIMEOUT);

  afterAll(async () => {
    await cluster?.stop();
    await s3?.close();
  }, TIMEOUT);

  it(
    'ingests six books at once on two workers, one killed with SIGKILL mid-job, and completes all six',
    async () => {
      const pdfs = await Promise.all(
        Array.from({ length: BOOKS }, (_, i) => bookPdf(i + (driver === 's3' ? 0 : 100), 4, 3)),
      );
      const uploaded = await Promise.all(pdfs.map((pdf, i) => api.upload(token, pdf, `scale-${i}.pdf`)));
      bookIds.push(...uploaded.map((book) => book.id));

      // Two workers run two jobs each: with three books in progress the first worker holds at least one.
      let killed = false;
      const deadline = Date.now() + 150_000;
      for (;;) {
        const books = await Promise.all(bookIds.map((id) => api.book(token, id)));
        if (!killed && books.filter((book) => IN_PROGRESS.has(book.status)).length >= 3) {
          await cluster.workers[0]!.kill('SIGKILL');
          killed = true;
        }
        if (books.every((book) => book.status === 'completed' || book.status === 'failed')) {
          expect(books.map((book) => [book.status, book.error])).toEqual(books.map(() => ['completed', null]));
          break;
        }
        if (Date.now() > deadline)
          throw new Error(`not finished: ${books.map((book) => book.status).join(', ')}\n${workerLogs(cluster)}`);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      expect(killed).toBe(true);
      expect(cluster.workers[0]!.child.signalCode).toBe('SIGKILL');
      for (const id of bookIds) {
        const chapters = await api.call('GET', `/books/${id}/chapters`, { token, expect: [200] });
        expect(chapters.body).toHaveLength(4);
      }
    },
    TIMEOUT,
  );

  it('serves the uploaded PDF from the store with Range support', async () => {
    const book = (await api.call('GET', `/books/${bookIds[0]}`, { token, expect: [200] })).body as { pdf_url: string };
    // File links are paths on the server that answered.
    const whole = await fetch(new URL(book.pdf_url, cluster.api.url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const part = await fetch(new URL(book.pdf_url, cluster.api.url), { headers: { Range: 'bytes=5-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5-9/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(5, 10));
  });

  (chromium && espeak ? it : it.skip)(
    'generates a summary PDF and audio and serves them by signed URL',
    async () => {
      const id = bookIds[0]!;
      const summary = await api.call('POST', `/books/${id}/summarize`, { token, expect: [200, 202] });
      const deadline = Date.now() + 120_000;
      for (let status = summary.status; status === 202;) {
        if (Date.now() > deadline) throw new Error(`no summary after 120 s:\n${workerLogs(cluster)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        status = (await api.call('POST', `/books/${id}/summarize`, { token, expect: [200, 202] })).status;
      }
      const pdf = await api.call('POST', `/export/summary-pdf/${id}`, { token, expect: [200, 201] });
      const pdfFile = await fetch(new URL(pdf.body.pdf_url as string, cluster.api.url));
      expect(pdfFile.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdfFile.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      const audio = await api.call('POST', `/audio/generate?content_type=book&content_id=${id}`, {
        token,
        expect: [200, 201],
      });
      const audioFile = await fetch(new URL(audio.body.audio_url as string, cluster.api.url), {
        headers: { Range: 'bytes=0-1023' },
      });
      expect(audioFile.status).toBe(206);
      expect(audioFile.headers.get('content-type')).toBe('audio/mpeg');
      expect((await audioFile.arrayBuffer()).byteLength).toBe(1024);
    },
    TIMEOUT,
  );

  if (driver === 's3') {
    it(
      'leaves no book or generated file on any local disk; the store holds them',
      async () => {
        // A supervisor restarts the killed worker; it removes the copy the killed process left mid-job.
        const restarted = await cluster.startWorker(cluster.workers[0]!.dataDir);
        const deadline = Date.now() + 60_000;
        while (filesUnder(join(restarted.dataDir, 'tmp')).length > 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));

        for (const dir of cluster.dataDirs()) {
          const files = filesUnder(dir);
          expect({
            dir,
            files: files.filter((file) => /\.(pdf|mp3|pptx)$/i.test(file) || file.startsWith('tmp/')),
          }).toEqual({
            dir,
            files: [],
          });
        }
        const keys = s3!.objectKeys();
        for (const id of bookIds) expect(keys).toContain(`books/${id}/source.pdf`);
        if (chromium && espeak) {
          expect(keys.some((key) => key.startsWith(`books/${bookIds[0]}/summary_pdf/`))).toBe(true);
          expect(keys.some((key) => key.startsWith(`books/${bookIds[0]}/audio/`))).toBe(true);
        }
      },
      TIMEOUT,
    );
  } else {
    it('keeps every file in the one folder the processes share', () => {
      const [dir] = cluster.dataDirs();
      expect(cluster.dataDirs()).toHaveLength(1);
      for (const id of bookIds) expect(existsSync(join(dir!, 'files', 'books', id, 'source.pdf'))).toBe(true);
    });
  }
});
