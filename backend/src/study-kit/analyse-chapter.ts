import { analyseSegments, type AnalysedSentence, type TextSegment } from './text/chapter-text.js';
import { pageBlocks, type Block } from './stages/blocks.js';
import { sectionTree, type SectionTree } from './stages/section-tree.js';
import { chapterTerms, type ChapterTerms } from './stages/terms.js';
import type { ChapterInput } from './types.js';

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
  const sentences = analyseSegments(segmentsOf(blocks, tree, (block, at) => PROSE.has(block.kind) && inBody(at)));
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
