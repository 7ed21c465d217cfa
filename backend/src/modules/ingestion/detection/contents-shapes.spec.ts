// Printed contents pages in the shapes technical manuals use, on generated PDFs read by the real extraction
// (pdf.js and poppler): leaders, page numbers in their own text run, multi-level numbering with appendices,
// Parts above chapters, roman-numbered front matter. The PDFs have no outline, so the contents page decides.
import { contentsBookPdf, type ContentsChapter } from '../../../../test/fixtures/contents-pdf.js';
import { fixtureDir } from '../../../../test/fixtures/pdf-factory.js';
import { extractBook } from '../extraction/book-extraction.js';
import type { ExtractionLimits } from '../extraction/extraction-protocol.js';
import { detectChapters } from './detect-chapters.js';
import type { DetectionInput } from './detection.types.js';

const limits: ExtractionLimits = {
  maxPages: 200,
  maxOcrPages: 0,
  ocrDpi: 100,
  maxPixelsPerPage: 5_000_000,
  ocrEngine: 'auto',
  ocrConcurrency: 1,
  readerThreads: 1,
  textLayer: 'auto',
  textLayerTimeoutMs: 30_000,
  textLayerMemoryMb: 512,
  ocrPageTimeoutMs: 10_000,
  selfDestructMs: 120_000,
};

const files = fixtureDir();
afterAll(() => files.cleanup());

async function detected(name: string, pdf: Buffer) {
  let input: DetectionInput | null = null;
  await extractBook(files.write(name, pdf), limits, {
    onProgress: () => {},
    onDetectionInput: (seen) => (input = seen),
  });
  const chapters = detectChapters(input!);
  return chapters.map((chapter) => [chapter.label, chapter.title, chapter.startPage, chapter.method]);
}

/** Chapters numbered 1..n with sections 1.1, 1.2 and 1.2.1 (set as headings inside them, larger than the body). */
function numberedChapters(titles: string[], pages = 3): ContentsChapter[] {
  return titles.map((title, index) => ({
    entry: `${index + 1} ${title}`,
    heading: [`${index + 1} ${title}`],
    pages,
    sections: [
      { title: `${index + 1}.1 Overview of ${title.toLowerCase()}` },
      { title: `${index + 1}.2 Using ${title.toLowerCase()}` },
      { title: `${index + 1}.2.1 Details of ${title.toLowerCase()}` },
    ],
  }));
}

const TITLES = ['Installation', 'Getting Started', 'Configuration', 'Output Formats', 'Troubleshooting'];

describe('printed contents shapes (generated PDFs, no outline)', () => {
  it('reads dotted leaders and multi-level numbering: chapters are the first level, not the sections', async () => {
    const { pdf, starts } = await contentsBookPdf({
      title: 'A Manual With Leaders',
      style: 'leaders',
      chapters: numberedChapters(TITLES),
    });
    expect(await detected('leaders.pdf', pdf)).toEqual(TITLES.map((t, i) => [String(i + 1), t, starts[i], 'toc']));
  }, 60_000);

  it('reads page numbers set as a separate run at the right margin', async () => {
    const { pdf, starts } = await contentsBookPdf({
      title: 'A Manual With Number Columns',
      style: 'runs',
      chapters: numberedChapters(TITLES),
    });
    expect(await detected('runs.pdf', pdf)).toEqual(TITLES.map((t, i) => [String(i + 1), t, starts[i], 'toc']));
  }, 60_000);

  it('maps printed numbers past roman-numbered front matter and a contents spanning several pages', async () => {
    const { pdf, starts } = await contentsBookPdf({
      title: 'A Manual With Front Matter',
      style: 'leaders',
      preface: true,
      linesPerPage: 8,
      chapters: numberedChapters(TITLES, 2),
    });
    const chapters = await detected('front-matter.pdf', pdf);
    // The preface (page ii) is before the contents: not one of the contents' chapters.
    expect(chapters).toEqual(TITLES.map((t, i) => [String(i + 1), t, starts[i], 'toc']));
  }, 60_000);

  it('descends below Parts to their chapters and keeps lettered appendices after them', async () => {
    const chapters: ContentsChapter[] = [
      ...numberedChapters(TITLES.slice(0, 2)).map((c, i) => (i === 0 ? { ...c, part: 'I User Manual' } : c)),
      ...numberedChapters(TITLES.slice(0, 4))
        .slice(2)
        .map((c, i) => (i === 0 ? { ...c, part: 'II Reference Manual' } : c)),
      {
        entry: 'A Example Files',
        heading: ['Appendix A', 'Example Files'],
        pages: 2,
        sections: [{ title: 'A.1 A first example' }, { title: 'A.2 A second example' }],
      },
      {
        entry: 'B Licence Terms',
        heading: ['Appendix B', 'Licence Terms'],
        pages: 2,
        sections: [{ title: 'B.1 Terms' }],
      },
    ];
    const { pdf, starts } = await contentsBookPdf({ title: 'A Manual In Parts', style: 'leaders', chapters });
    expect(await detected('parts.pdf', pdf)).toEqual([
      ['1', 'Installation', starts[0], 'toc'],
      ['2', 'Getting Started', starts[1], 'toc'],
      ['3', 'Configuration', starts[2], 'toc'],
      ['4', 'Output Formats', starts[3], 'toc'],
      ['A', 'Example Files', starts[4], 'toc'],
      ['B', 'Licence Terms', starts[5], 'toc'],
    ]);
  }, 60_000);

  it('reads "Chapter N" headings under a contents that prints bare numbers', async () => {
    const chapters = numberedChapters(TITLES.slice(0, 4)).map((c, i) => ({
      ...c,
      heading: [`Chapter ${i + 1}`, TITLES[i]!],
    }));
    const { pdf, starts } = await contentsBookPdf({ title: 'A Manual With Chapter Labels', style: 'runs', chapters });
    expect(await detected('labels.pdf', pdf)).toEqual(
      TITLES.slice(0, 4).map((t, i) => [String(i + 1), t, starts[i], 'toc']),
    );
  }, 60_000);

  it('reads a contents set in two columns, the left column before the right', async () => {
    const { pdf, starts } = await contentsBookPdf({
      title: 'A Manual With Two Columns',
      style: 'columns',
      linesPerPage: 10,
      chapters: numberedChapters(TITLES),
    });
    expect(await detected('columns.pdf', pdf)).toEqual(TITLES.map((t, i) => [String(i + 1), t, starts[i], 'toc']));
  }, 60_000);

  it('reads entries without leaders and spelled-out "Chapter One" labels', async () => {
    const words = ['One', 'Two', 'Three', 'Four', 'Five'];
    const chapters = TITLES.map((title, i) => ({
      entry: `Chapter ${words[i]}: ${title}`,
      heading: [`CHAPTER ${words[i]!.toUpperCase()}`, title],
      pages: 3,
      sections: [{ title: `Overview of ${title.toLowerCase()}`, level: 1 }],
    }));
    const { pdf, starts } = await contentsBookPdf({ title: 'A Manual Spelled Out', style: 'spaces', chapters });
    expect(await detected('spelled.pdf', pdf)).toEqual(TITLES.map((t, i) => [String(i + 1), t, starts[i], 'toc']));
  }, 60_000);

  it('keeps the page number of an unnumbered entry on the last row of a contents page, over the folio', async () => {
    const titles = [...TITLES, 'Security', 'Performance', 'Networking', 'Storage', 'Glossary Of Terms', 'Migration'];
    const chapters = titles.map((title) => ({
      entry: title,
      heading: [title],
      pages: 2,
      sections: ['Overview', 'Usage', 'Details'].map((word) => ({
        title: `${word} of ${title.toLowerCase()}`,
        level: 1,
      })),
    }));
    // 37 rows a page: the tenth chapter's entry is the page's last row, in the footer band above its folio.
    const { pdf, starts } = await contentsBookPdf({
      title: 'A Manual Of Plain Entries',
      style: 'runs',
      linesPerPage: 37,
      chapters,
    });
    expect(await detected('last-row.pdf', pdf)).toEqual(titles.map((t, i) => [null, t, starts[i], 'toc']));
  }, 60_000);

  it('reads "Chapter 1:" entries with numbered sections under them and "Part One" above them', async () => {
    const chapters = TITLES.slice(0, 4).map((title, i) => ({
      entry: `Chapter ${i + 1}: ${title}`,
      heading: [`Chapter ${i + 1}: ${title}`],
      pages: 3,
      sections: [
        { title: `${i + 1}.1 Overview of ${title.toLowerCase()}` },
        { title: `${i + 1}.2 Using ${title.toLowerCase()}` },
      ],
      ...(i % 2 === 0 ? { part: `Part ${i === 0 ? 'One' : 'Two'}: ${i === 0 ? 'Basics' : 'Reference'}` } : {}),
    }));
    const { pdf, starts } = await contentsBookPdf({ title: 'A Word Manual', style: 'runs', chapters });
    expect(await detected('word.pdf', pdf)).toEqual(
      TITLES.slice(0, 4).map((t, i) => [String(i + 1), t, starts[i], 'toc']),
    );
  }, 60_000);

  it('without a contents page, reads Sphinx openings: "CHAPTER", "ONE" and the title on three lines', async () => {
    const words = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
    // As Sphinx sets them: 'CHAPTER' at body size on every opening (not a running head), the number larger.
    const chapters: ContentsChapter[] = TITLES.map((title, i) => ({
      entry: title,
      heading: [['CHAPTER', 10], [words[i]!, 14], title],
      pages: 3,
    }));
    const { pdf, starts } = await contentsBookPdf({
      title: 'A Sphinx Manual',
      style: 'runs',
      withoutContents: true,
      chapters,
    });
    expect(await detected('sphinx.pdf', pdf)).toEqual(
      TITLES.map((t, i) => [String(i + 1), t, starts[i], 'typography']),
    );
  }, 60_000);

  it('reads "Chapter N" set on a line of its own above the title and its number', async () => {
    const chapters = TITLES.map((title, i) => ({
      entry: `Chapter ${i + 1}\n${title}`,
      heading: [`Chapter ${i + 1}`, title],
      pages: 3,
      sections: [{ title: `Overview of ${title.toLowerCase()}`, level: 1 }],
    }));
    const { pdf, starts } = await contentsBookPdf({ title: 'A Manual Of Stacked Labels', style: 'leaders', chapters });
    expect(await detected('stacked.pdf', pdf)).toEqual(TITLES.map((t, i) => [String(i + 1), t, starts[i], 'toc']));
  }, 60_000);

  it('reads DocBook numbering with trailing dots ("1.", "1.1.") and roman-numbered chapters', async () => {
    const docbook = TITLES.map((title, i) => ({
      entry: `${i + 1}. ${title}`,
      heading: [`Chapter ${i + 1}. ${title}`],
      pages: 3,
      sections: [
        { title: `${i + 1}.1. Overview of ${title.toLowerCase()}` },
        { title: `${i + 1}.2. Using ${title.toLowerCase()}` },
      ],
    }));
    const first = await contentsBookPdf({ title: 'A DocBook Guide', style: 'leaders', chapters: docbook });
    expect(await detected('docbook.pdf', first.pdf)).toEqual(
      TITLES.map((t, i) => [String(i + 1), t, first.starts[i], 'toc']),
    );

    const romans = ['I', 'II', 'III', 'IV', 'V'];
    const roman = TITLES.map((title, i) => ({
      entry: `${romans[i]}. ${title}`,
      heading: [`${romans[i]}. ${title}`],
      pages: 3,
      sections: [{ title: `Overview of ${title.toLowerCase()}`, level: 1 }],
    }));
    const second = await contentsBookPdf({ title: 'A Roman Guide', style: 'runs', chapters: roman });
    expect(await detected('roman.pdf', second.pdf)).toEqual(
      TITLES.map((t, i) => [romans[i], t, second.starts[i], 'toc']),
    );
  }, 60_000);
});
