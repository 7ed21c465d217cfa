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

/**
 * A summary as a cooperative model writes it: whole sentences of the text, spread over it, each citing the page it
 * stands on, about as many words as asked. `cited` are the request's cited sentences (the fake server's
 * `citedSentences`), so notes written later from these summaries can cite the chapter's pages too.
 */
export function citingSummary(userText, cited) {
  const words = Number(/about (\d+) words/.exec(userText)?.[1] ?? 100);
  // A model writes clean sentences: none with list bullets, symbols or stray brackets from the page.
  const clean = cited.filter(
    ({ text }) =>
      /^[\p{L}\p{N}\s,;:'’".?!()-]+$/u.test(text) &&
      (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length &&
      text.split(/\s+/).length <= 40,
  );
  const sentences = clean.length >= 2 ? clean : cited;
  const chosen = [];
  let count = 0;
  const total = sentences.reduce((sum, sentence) => sum + sentence.text.split(/\s+/).length, 0);
  // Every n-th sentence, so the summary covers the whole text rather than its opening.
  const step = Math.max(1, Math.floor(total / Math.max(words, 1)));
  for (let index = 0; index < sentences.length && count < words; index += step) {
    const { text, page } = sentences[index];
    chosen.push(`${text} (p. ${page})`);
    count += text.split(/\s+/).length;
  }
  return chosen.join(' ') || lengthObeyingSummary(userText);
}
