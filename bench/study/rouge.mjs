// ROUGE-1/2/L F1 as in the corpus protocol: lower-cased [a-z0-9]+ tokens, no stemming, no stop-word removal.

export function rougeTokens(text) {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function ngramCounts(tokens, n) {
  const counts = new Map();
  for (let i = 0; i + n <= tokens.length; i += 1) {
    const key = tokens.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function f1(overlap, candidateTotal, referenceTotal) {
  if (overlap === 0 || candidateTotal === 0 || referenceTotal === 0) return 0;
  const precision = overlap / candidateTotal;
  const recall = overlap / referenceTotal;
  return (2 * precision * recall) / (precision + recall);
}

export function rougeN(candidate, reference, n) {
  const c = ngramCounts(candidate, n);
  const r = ngramCounts(reference, n);
  let overlap = 0;
  for (const [gram, count] of c) overlap += Math.min(count, r.get(gram) ?? 0);
  return f1(overlap, Math.max(0, candidate.length - n + 1), Math.max(0, reference.length - n + 1));
}

export function rougeL(candidate, reference) {
  // Longest common subsequence, two rows.
  let previous = new Uint16Array(reference.length + 1);
  let current = new Uint16Array(reference.length + 1);
  for (let i = 1; i <= candidate.length; i += 1) {
    for (let j = 1; j <= reference.length; j += 1) {
      current[j] = candidate[i - 1] === reference[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    }
    [previous, current] = [current, previous];
  }
  return f1(previous[reference.length], candidate.length, reference.length);
}

/** Each metric's best F1 over the references, in percent. */
export function rougeAgainst(candidateText, referenceTexts) {
  const candidate = rougeTokens(candidateText);
  const best = { rouge1: 0, rouge2: 0, rougeL: 0 };
  for (const referenceText of referenceTexts) {
    const reference = rougeTokens(referenceText);
    best.rouge1 = Math.max(best.rouge1, rougeN(candidate, reference, 1) * 100);
    best.rouge2 = Math.max(best.rouge2, rougeN(candidate, reference, 2) * 100);
    best.rougeL = Math.max(best.rougeL, rougeL(candidate, reference) * 100);
  }
  return best;
}
