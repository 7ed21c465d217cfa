// Review answer latency through the built backend (SQLite, in-process jobs): POST /flashcards/{id}/review
// p50/p95 over a due queue, with GET /api/health in the same run as the reference.
// Usage: node bench/studio/review-latency.mjs   (needs `npm run build`)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newUser, startBackend, uploadFile } from '../ingest/backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const REVIEWS = Number(process.env.REVIEWS ?? 200);
const book = join(here, '..', '..', '..', 'shared/corpus/books/kuhlmann-grammar-matters.pdf');
const server = await startBackend();
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
try {
  const token = await newUser(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const uploaded = await uploadFile(server.url, token, book);
  const id = uploaded.id;
  for (const deadline = Date.now() + 300_000; ;) {
    const status = (await (await fetch(`${server.url}/api/books/${id}`, { headers })).json()).status;
    if (status === 'completed') break;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`book ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const chapters = await (await fetch(`${server.url}/api/books/${id}/chapters`, { headers })).json();
  const cardIds = [];
  for (const chapter of chapters) {
    if (cardIds.length >= REVIEWS) break;
    const cards = await (
      await fetch(`${server.url}/api/chapters/${chapter.id}/flashcards`, { method: 'POST', headers })
    ).json();
    cardIds.push(...cards.map((card) => card.id));
  }
  const ratings = ['again', 'hard', 'good', 'easy'];
  const review = [];
  const health = [];
  for (let i = 0; i < REVIEWS; i += 1) {
    let start = performance.now();
    const response = await fetch(`${server.url}/api/flashcards/${cardIds[i % cardIds.length]}/review`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ rating: ratings[i % 4] }),
    });
    await response.json();
    if (!response.ok) throw new Error(`review ${response.status}`);
    review.push(performance.now() - start);
    start = performance.now();
    await (await fetch(`${server.url}/api/health`)).text();
    health.push(performance.now() - start);
  }
  const result = {
    reviews: REVIEWS,
    cards: cardIds.length,
    reviewP50Ms: pct(review, 0.5),
    reviewP95Ms: pct(review, 0.95),
    healthP50Ms: pct(health, 0.5),
    healthP95Ms: pct(health, 0.95),
  };
  console.log(
    `review answer: p50 ${result.reviewP50Ms.toFixed(1)} ms, p95 ${result.reviewP95Ms.toFixed(1)} ms (target ≤ 50 ms) over ${REVIEWS} reviews of ${cardIds.length} cards; ` +
      `GET /api/health in the same run p50 ${result.healthP50Ms.toFixed(1)} ms, p95 ${result.healthP95Ms.toFixed(1)} ms ` +
      `(review p95 = ${(result.reviewP95Ms / result.healthP95Ms).toFixed(1)}× health p95)`,
  );
  const file = join(here, '..', 'results', 'studio.json');
  mkdirSync(dirname(file), { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first section of the file
  }
  writeFileSync(
    file,
    JSON.stringify({ ...all, reviewLatency: { ...result, measuredAt: new Date().toISOString() } }, null, 2) + '\n',
  );
} finally {
  await server.stop();
}
