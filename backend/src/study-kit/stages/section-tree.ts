import type { Block, SectionRole } from './blocks.js';

/** A section of a chapter as the book prints it: its number and title, where it starts, its blocks and subsections. */
export interface Section {
  /** Position in reading order (0 is the chapter's opening text before any heading). */
  index: number;
  number: string | null;
  title: string;
  level: number;
  page: string;
  role: SectionRole;
  /** Indices of the blocks under this heading (not its subsections'). */
  blocks: number[];
  children: Section[];
}

export interface SectionTree {
  /** Every section in reading order, the opening first. */
  sections: Section[];
  /** The top-level sections (the opening among them). */
  roots: Section[];
  /** For each block, the index of the section it stands in. */
  sectionOfBlock: number[];
}

/**
 * The chapter's own outline from its headings. Numbered headings ("1.2", "1.2.3") give the tree; where the chapter
 * has none, its unnumbered headings do, all on one level. A chapter outline printed on the opening page (headings with
 * nothing under them, repeated later) is not taken for the sections themselves; a box's label ("Notice", "VIDEO")
 * inside a numbered section stays a block of that section.
 */
export function sectionTree(blocks: readonly Block[]): SectionTree {
  const teachesIn = (section: Section) =>
    section.blocks.some((at) => blocks[at]!.kind === 'paragraph' || blocks[at]!.kind === 'list');
  const numbered = blocks.some((block) => block.kind === 'heading' && block.number);
  const opening: Section = {
    index: 0,
    number: null,
    title: '',
    level: 0,
    page: blocks[0]?.page ?? '',
    role: 'body',
    blocks: [],
    children: [],
  };
  const sections: Section[] = [opening];
  const sectionOfBlock: number[] = [];
  let current = opening;
  blocks.forEach((block, at) => {
    const opensSection =
      block.kind === 'heading' && (numbered ? Boolean(block.number) || block.role !== 'body' : true) && at > 0;
    if (opensSection) {
      current = {
        index: sections.length,
        number: block.number ?? null,
        title: block.text,
        level: block.number ? block.number.split('.').length : 1,
        page: block.page,
        role: block.role ?? 'body',
        blocks: [],
        children: [],
      };
      sections.push(current);
    }
    current.blocks.push(at);
    sectionOfBlock.push(current.index);
  });
  // A number printed twice is one section: the occurrence that stands in the book's order (after a lower number,
  // before a higher one). An outline's entry printed on the opening page comes before the sections ("4.6", then
  // "4.1"); a running head ("2.1 Experimental investigations 51" atop a later page) after a higher one ("2.1.1").
  // The Summary's recaps come after, in their own part.
  const numberedBody = sections.filter((section) => section.role === 'body' && section.number);
  const twinsOf = (section: Section) => numberedBody.filter((other) => other.number === section.number);
  // First, an occurrence with nothing taught under it gives way to one that teaches (an outline's entries).
  const teaching = numberedBody.filter(
    (section) => teachesIn(section) || !twinsOf(section).some((twin) => twin !== section && teachesIn(twin)),
  );
  const inOrder = (section: Section) => {
    const at = teaching.indexOf(section);
    const before = teaching[at - 1];
    const after = teaching[at + 1];
    return (
      (!before || compareNumbers(before.number!, section.number!) < 0) &&
      (!after || compareNumbers(section.number!, after.number!) < 0)
    );
  };
  const chosen = new Map<string, Section>();
  for (const section of numberedBody) {
    const twins = twinsOf(section);
    if (twins.length < 2 || chosen.has(section.number!)) continue;
    const candidates = twins.filter((twin) => teaching.includes(twin));
    chosen.set(section.number!, candidates.find(inOrder) ?? candidates.at(-1) ?? twins.at(-1)!);
  }
  const kept = sections.filter(
    (section) =>
      section === opening ||
      section.role !== 'body' ||
      !section.number ||
      !chosen.has(section.number) ||
      chosen.get(section.number) === section,
  );
  const renumber = new Map(kept.map((section, position) => [section.index, position]));
  const reassigned = sectionOfBlock.map((index) => {
    let at = index;
    while (!renumber.has(at)) at -= 1;
    return renumber.get(at)!;
  });
  kept.forEach((section, position) => (section.index = position));
  const roots: Section[] = [];
  const stack: Section[] = [];
  for (const section of kept) {
    while (stack.length && stack.at(-1)!.level >= section.level) stack.pop();
    if (stack.length && section.level > 0) stack.at(-1)!.children.push(section);
    else roots.push(section);
    if (section.level > 0) stack.push(section);
  }
  return { sections: kept, roots, sectionOfBlock: reassigned };
}

/** "2.1" before "2.1.1" before "2.2" before "10.1". */
export function compareNumbers(a: string, b: string): number {
  // An appendix's letter counts as its number: "A.2" comes after "A.1", and "B" after "A".
  const parts = (number: string) =>
    number.split('.').map((part) => (/^[A-Z]$/.test(part) ? part.charCodeAt(0) - 64 : Number(part)));
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const difference = (x[i] ?? -1) - (y[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}
