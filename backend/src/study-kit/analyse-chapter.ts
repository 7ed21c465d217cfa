import { analyseSegments, type AnalysedSentence, type TextSegment } from './text/chapter-text.js';
import { pageBlocks, type Block } from './stages/blocks.js';
import { sectionTree, type SectionTree } from './stages/section-tree.js';
import { chapterTerms, type ChapterTerms } from './stages/terms.js';
import { isRunInHeading } from './stages/emphasised-terms.js';
import type { ChapterInput, StudyPage } from './types.js';

/** A chapter read once: its blocks, its outline, the sentences of its teaching text and its terms. */
export interface AnalysedChapter {
  input: ChapterInput;
  blocks: Block[];
  tree: SectionTree;
  /** Sentences of the body's paragraphs and lists, in reading order; `group` is the section they stand in. */
  sentences: AnalysedSentence[];
  /** Sentences of the worked examples (the book's own examples, for an explanation). */
  examples: AnalysedSentence[];
  terms: ChapterTerms;
}

const PROSE = new Set(['paragraph', 'list']);

function segmentsOf(
  blocks: readonly Block[],
  tree: SectionTree,
  keep: (block: Block, at: number) => boolean,
): TextSegment[] {
  return blocks.flatMap((block, at) => {
    if (!keep(block, at)) return [];
    const group = tree.sectionOfBlock[at]!;
    // A block ends its last sentence: the next block does not run on into it.
    const parts = block.parts ?? [{ page: block.page, text: block.text }];
    return parts.map((part, index) => ({
      text: part.text,
      origin: part.page,
      group,
      endsBlock: index === parts.length - 1,
    }));
  });
}

/**
 * The pipeline's analysis, done once per chapter and handed to every composer: page text -> blocks -> section tree ->
 * sentences of the teaching text (not its exercises, examples, code, formulas, captions or chapter-end parts) -> terms.
 */
export function analyseChapter(input: ChapterInput): AnalysedChapter {
  const blocks = pageBlocks(input.pages);
  const tree = sectionTree(blocks);
  const inBody = (at: number) => tree.sections[tree.sectionOfBlock[at]!]?.role === 'body';
  const sentences = analyseSegments(
    segmentsOf(blocks, tree, (block, at) => PROSE.has(block.kind) && inBody(at)),
  ).filter((sentence) => !isRunInHeading(sentence, input.pages));
  const examples = analyseSegments(segmentsOf(blocks, tree, (block) => block.kind === 'example'));
  return {
    input,
    blocks,
    tree,
    sentences,
    examples,
    terms: chapterTerms(input.pages, blocks, sentences, input.indexTerms),
  };
}

/**
 * The chapter's pages as every engine reads them (the model path's prompts too): its blocks in reading order, page
 * furniture gone, headings marked ("## 2.1 Stability"), code fenced and formulas on lines of their own, so no running
 * head, page number or formula runs into a sentence.
 */
export function teachingPages(pages: readonly StudyPage[]): StudyPage[] {
  const texts = new Map<string, string[]>(pages.map((page) => [page.label, []]));
  for (const block of pageBlocks(pages)) {
    if (block.kind === 'furniture') continue;
    for (const part of block.parts ?? [{ page: block.page, text: block.text }])
      texts.get(part.page)?.push(blockText(block, part.text));
  }
  return pages.map((page) => ({ label: page.label, text: (texts.get(page.label) ?? []).join('\n\n') }));
}

function blockText(block: Block, text: string): string {
  if (block.kind === 'heading') return `## ${[block.number, text].filter(Boolean).join(' ')}`;
  if (block.kind === 'code') return `\`\`\`\n${text}\n\`\`\``;
  return text;
}
