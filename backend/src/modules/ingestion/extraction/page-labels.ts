import { toRoman } from '../detection/numbering.js';
import type { Folio } from './running-heads.js';

interface Assigned {
  offset: number;
  roman: boolean;
  text: string;
}

// A folio is trusted when three pages share its offset; unnumbered pages between two such pages take it too.
export function inferPageLabels(folios: Folio[][]): string[] {
  const votes = new Map<string, number>();
  const key = (folio: Folio, page: number) => `${folio.roman ? 'r' : 'a'}${folio.value - page}`;
  folios.forEach((candidates, index) => {
    for (const folio of candidates) votes.set(key(folio, index + 1), (votes.get(key(folio, index + 1)) ?? 0) + 1);
  });
  const assigned: (Assigned | null)[] = folios.map((candidates, index) => {
    const page = index + 1;
    const trusted = candidates
      .filter((folio) => (votes.get(key(folio, page)) ?? 0) >= 3)
      .sort((a, b) => votes.get(key(b, page))! - votes.get(key(a, page))!);
    const best = trusted[0];
    return best ? { offset: best.value - page, roman: best.roman, text: best.text } : null;
  });

  const labels = folios.map((_, index) => String(index + 1));
  let previous = -1;
  assigned.forEach((found, index) => {
    if (!found) return;
    labels[index] = found.text;
    const before = previous >= 0 ? assigned[previous]! : null;
    if (before && before.offset === found.offset && before.roman === found.roman) {
      for (let gap = previous + 1; gap < index; gap++) labels[gap] = formatLike(found, gap + 1 + found.offset);
    }
    previous = index;
  });
  return labels;
}

function formatLike(sample: Assigned, value: number): string {
  if (!sample.roman || value <= 0) return String(value);
  const roman = toRoman(value);
  return sample.text === sample.text.toUpperCase() ? roman : roman.toLowerCase();
}
