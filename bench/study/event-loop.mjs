// Does the API stay responsive while the offline engine works? An HTTP endpoint in this process (like
// GET /api/books) is asked again and again by a client in another process: p99 latency idle, while the
// largest corpus chapter is summarised offline in the engine's worker thread, and (for reference) while
// the same work runs on the event loop as it did before. Target: worker p99 <= 2x idle.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { buildStudyEngine, importBuilt, printTable, writeSection } from './build.mjs';
import { corpusAvailable, loadCorpusBooks } from './corpus-books.mjs';

if (!corpusAvailable()) {
  console.log('skipped: /work/shared/corpus not found');
  process.exit(0);
}
if (!process.env.SKIP_BUILD) buildStudyEngine();
const { OfflineStudyEngine } = await importBuilt('src/providers/llm/offline-study-engine.adapter.js');
const { runOfflineTask } = await importBuilt('src/providers/llm/offline-study.worker.js');

const chapters = loadCorpusBooks().flatMap((book) => book.chapters.map((chapter) => ({ book: book.file, ...chapter })));
const chapter = chapters.reduce((best, candidate) => (candidate.pages.length > best.pages.length ? candidate : best));
const input = { bookTitle: chapter.book, chapterTitle: chapter.title, language: 'en', pages: chapter.pages };

const body = JSON.stringify(
  Array.from({ length: 20 }, (_, i) => ({ id: String(i), title: `Book ${i}`, status: 'completed' })),
);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/api/books`;

// A client in its own process: sequential requests for `seconds`, latencies in ms on stdout.
const CLIENT = `
const url = process.argv[1]; const until = Date.now() + Number(process.argv[2]) * 1000; const times = [];
(async () => { while (Date.now() < until) { const t = performance.now(); await (await fetch(url)).text(); times.push(performance.now() - t); await new Promise((r) => setTimeout(r, 5)); }
process.stdout.write(JSON.stringify(times)); })();`;
function client(seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, url, String(seconds)]);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out || '[]')));
  });
}
const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN;
};
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const engine = new OfflineStudyEngine();
await engine.summarizeChapter({ ...input, pages: input.pages.slice(0, 2) }, { userId: 'bench', bookId: 'warm' });
const rows = [];
const idle = await client(4);
rows.push({ phase: 'idle', requests: idle.length, 'p99 ms': p99(idle).toFixed(1), 'work s': '' });

async function during(label, work) {
  const pending = client(6);
  await pause(300);
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const times = await pending;
  rows.push({ phase: label, requests: times.length, 'p99 ms': p99(times).toFixed(1), 'work s': seconds.toFixed(1) });
}
await during('notes in worker thread', () => engine.summarizeChapter(input, { userId: 'bench', bookId: 'b' }));
await during('notes on the event loop (before)', async () => runOfflineTask({ op: 'chapterNotes', input }));
server.close();

console.log(
  `API latency while the offline engine summarises ${chapter.book} / ${chapter.title} (${chapter.pages.length} pages)`,
);
printTable(rows, ['phase', 'requests', 'p99 ms', 'work s']);
const ratio = Number(rows[1]['p99 ms']) / Number(rows[0]['p99 ms']);
console.log(`worker p99 / idle p99 = ${ratio.toFixed(2)} (target <= 2)`);
await writeSection('eventLoop', {
  chapter: `${chapter.book} / ${chapter.title}`,
  pages: chapter.pages.length,
  rows,
  ratio,
});
process.exit(0);
