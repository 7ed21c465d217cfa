import { distance } from 'fastest-levenshtein';

const LEADER_CHARS = new Set(['.', '·', '…', '_', ' ']);

export function cleanTitle(text: string): string {
  const collapsed = text
    .slice(0, 1000)
    .replace(/[\s\u00a0\u2000-\u200b]+/g, ' ')
    .trim();
  // Scanned from the end by hand: a regex for "three or more leader dots at the end" backtracks badly.
  let end = collapsed.length;
  let leaders = 0;
  while (end > 0 && LEADER_CHARS.has(collapsed[end - 1]!)) {
    if (collapsed[end - 1] !== ' ') leaders += 1;
    end -= 1;
  }
  return (leaders >= 3 ? collapsed.slice(0, end) : collapsed).trim();
}

export function normalizeTitle(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function titleSimilarity(a: string, b: string): number {
  const left = normalizeTitle(a);
  const right = normalizeTitle(b);
  const longer = Math.max(left.length, right.length);
  if (longer === 0) return 1;
  return 1 - distance(left, right) / longer;
}

export function headingMatchesTitle(heading: string, title: string, threshold = 0.8): boolean {
  const h = normalizeTitle(heading);
  const t = normalizeTitle(title);
  if (!h || !t) return false;
  if (titleSimilarity(h, t) >= threshold) return true;
  const shorter = h.length < t.length ? h : t;
  const longer = h.length < t.length ? t : h;
  // Short fragments ('i', 'the') would match anything.
  if (shorter.length < 4) return false;
  return ` ${longer} `.includes(` ${shorter} `) && shorter.length >= longer.length * 0.4;
}
