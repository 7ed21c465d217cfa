/* Which questions a practice exam asks: spread over chapters by their length, fresh ones first, well mixed. */

export interface DrawQuestion {
  id: string;
  chapterId: string;
  /** When it was last asked in a practice exam (ms); null if never. */
  lastAskedAt: number | null;
}

export interface DrawChapter {
  id: string;
  /** Its length in pages: the weight of its share of the questions. */
  pages: number;
}

/** How many questions each chapter gets: proportional to pages (largest remainders), never more than it has. */
export function shareByLength(
  chapters: DrawChapter[],
  available: Map<string, number>,
  total: number,
): Map<string, number> {
  const shares = new Map<string, number>(chapters.map((chapter) => [chapter.id, 0]));
  let left = Math.min(
    total,
    chapters.reduce((sum, chapter) => sum + (available.get(chapter.id) ?? 0), 0),
  );
  // Rounds until every question is placed: a chapter that runs out passes its share to the others.
  while (left > 0) {
    const open = chapters.filter((chapter) => (shares.get(chapter.id) ?? 0) < (available.get(chapter.id) ?? 0));
    const weight = open.reduce((sum, chapter) => sum + Math.max(1, chapter.pages), 0);
    const exact = open.map((chapter) => ({
      chapter,
      value: (left * Math.max(1, chapter.pages)) / weight,
    }));
    let placed = 0;
    for (const { chapter, value } of exact) {
      const room = (available.get(chapter.id) ?? 0) - shares.get(chapter.id)!;
      const take = Math.min(room, Math.floor(value));
      shares.set(chapter.id, shares.get(chapter.id)! + take);
      placed += take;
    }
    let remainder = left - placed;
    for (const { chapter } of exact.sort(
      (a, b) => (b.value % 1) - (a.value % 1) || b.chapter.pages - a.chapter.pages,
    )) {
      if (remainder === 0) break;
      if (shares.get(chapter.id)! < (available.get(chapter.id) ?? 0)) {
        shares.set(chapter.id, shares.get(chapter.id)! + 1);
        remainder--;
      }
    }
    left = remainder;
  }
  return shares;
}

/** A small seeded generator (mulberry32): a practice exam's draw is reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

/**
 * The questions of a practice exam: each chapter's share by length; within a chapter, never-asked questions first,
 * then the longest since asked (a retake draws what was not asked recently); the result mixed across chapters.
 */
export function drawPractice(
  chapters: DrawChapter[],
  questions: DrawQuestion[],
  total: number,
  seed: number,
): DrawQuestion[] {
  const random = seededRandom(seed);
  const byChapter = new Map<string, DrawQuestion[]>();
  for (const question of questions) {
    const list = byChapter.get(question.chapterId) ?? [];
    list.push(question);
    byChapter.set(question.chapterId, list);
  }
  const shares = shareByLength(chapters, new Map([...byChapter].map(([id, list]) => [id, list.length])), total);
  const drawn: DrawQuestion[] = [];
  for (const chapter of chapters) {
    // Shuffled first, so questions asked at the same time (or never) come in a new order each time.
    const ordered = shuffle(byChapter.get(chapter.id) ?? [], random).sort(
      (a, b) => (a.lastAskedAt ?? -1) - (b.lastAskedAt ?? -1),
    );
    drawn.push(...ordered.slice(0, shares.get(chapter.id) ?? 0));
  }
  return shuffle(drawn, random);
}
