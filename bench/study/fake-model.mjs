// Scripted answers for the fake model in the benchmarks: they obey the length the engine asks for, so
// the token figures measure the engine's prompts, chunking and merging rather than a model's verbosity.
export function dataBlockOf(text) {
  return /<book_text>\n([\s\S]*?)\n<\/book_text>/.exec(text)?.[1] ?? '';
}

export function lengthObeyingSummary(userText) {
  const data = dataBlockOf(userText);
  const words = Number(/about (\d+) words/.exec(userText)?.[1] ?? 100);
  const label = /\[p\. ([^\]]+)\]|\(p\. ([^)]+)\)/.exec(data);
  const prose = data
    .replace(/\[p\. [^\]]+\]|\((?:pp?\.)[^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words)
    .join(' ');
  return `${prose}${label ? ` (p. ${label[1] ?? label[2]})` : ''}.`;
}
