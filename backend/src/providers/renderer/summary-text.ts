// Summaries are untrusted, markdown-ish text. Exports show them as text: these helpers find the
// paragraphs, list items and sentences and drop markdown markers; they never produce markup.

export type SummaryBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function plainInline(text: string): string {
  // Code spans (the notes' formulas and program names) first, kept as written: "`u_e`" and "`test_decay_modue`" hold
  // underscores that would otherwise read as emphasis running from one span into the next.
  const spans: string[] = [];
  const held = text.replace(/`([^`\n]+)`/g, (_span, inner: string) => `\uE000${spans.push(inner) - 1}\uE000`);
  return held
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\uE000(\d+)\uE000/g, (_mark, index: string) => spans[Number(index)]!)
    .replace(/\s+/g, ' ')
    .trim();
}

export function summaryBlocks(text: string): SummaryBlock[] {
  const blocks: SummaryBlock[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: plainInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^(?:[-*+•]|\d+[.)])\s+(.*)$/.exec(line);
    if (!line) {
      flushParagraph();
    } else if (heading) {
      flushParagraph();
      blocks.push({ kind: 'heading', text: plainInline(heading[1]!) });
    } else if (item) {
      flushParagraph();
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(plainInline(item[1]!));
      else blocks.push({ kind: 'list', items: [plainInline(item[1]!)] });
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  return blocks.filter((block) => (block.kind === 'list' ? block.items.some(Boolean) : block.text.length > 0));
}

export function sentencesOf(text: string, language = 'en'): string[] {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  }
  const sentences: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const previous = sentences.at(-1);
    // ICU ends a sentence after "(p." or "e.g."; a real sentence does not then go on with a digit or lower case.
    if (previous && ABBREVIATION_END.test(previous) && /^[\p{Ll}\p{N}(]/u.test(sentence))
      sentences[sentences.length - 1] = `${previous} ${sentence}`;
    else sentences.push(sentence);
  }
  return sentences;
}

const ABBREVIATION_END = /(?:^|[\s(])(?:\p{L}{1,4}\.)+$/u;

// A list item counts as one sentence; headings are kept while any text after them is.
export function firstSentences(
  blocks: SummaryBlock[],
  maxSentences: number,
): { blocks: SummaryBlock[]; truncated: boolean } {
  const kept: SummaryBlock[] = [];
  let budget = maxSentences;
  let truncated = false;
  for (const block of blocks) {
    if (budget <= 0) {
      truncated = true;
      break;
    }
    if (block.kind === 'heading') {
      kept.push(block);
    } else if (block.kind === 'list') {
      const items = block.items.slice(0, budget);
      truncated ||= items.length < block.items.length;
      budget -= items.length;
      kept.push({ kind: 'list', items });
    } else {
      const sentences = sentencesOf(block.text);
      const taken = sentences.slice(0, budget);
      truncated ||= taken.length < sentences.length;
      budget -= taken.length;
      kept.push({ kind: 'paragraph', text: taken.join(' ') });
    }
  }
  while (kept.at(-1)?.kind === 'heading') kept.pop();
  return { blocks: kept, truncated };
}
