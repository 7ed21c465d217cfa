import pptxgenjs from 'pptxgenjs';
import {
  chaptersInOrder,
  summaryChapterHeading,
  type SummaryChapter,
  type SummaryDocument,
} from '../renderer/summary-document.js';
import { plainInline, sentencesOf } from '../renderer/summary-text.js';
import { keyPoints, pointsPerSlide, summaryAsPlainText } from './key-points.js';

// The package's types describe its CommonJS build; its ESM build (what Node loads) exports the class as default.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;
type Presentation = InstanceType<typeof PptxGenJS>;
type Slide = ReturnType<Presentation['addSlide']>;

const FONT = 'Calibri';
const INK = '1F2328';
const ACCENT = '0B3D91';
const MUTED = '57606A';
const AGENDA_ROWS = 8;
const AGENDA_COLUMNS = 2;
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export const chapterHeading = (chapter: SummaryChapter): string => summaryChapterHeading(chapter);

// Works with whatever summaries exist and reports the chapters that had none.
export async function buildSlideDeck(
  doc: SummaryDocument,
): Promise<{ pptx: Buffer; slides: number; chaptersWithoutSummary: string[] }> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = doc.title;
  pptx.subject = 'Book summary';
  pptx.company = 'ChapterWise';
  const chapters = chaptersInOrder(doc);
  const chaptersWithoutSummary = chapters.filter((chapter) => !chapter.summary?.trim()).map(chapterHeading);

  titleSlide(pptx, doc, chapters.length);
  const perAgenda = AGENDA_ROWS * AGENDA_COLUMNS;
  const agendaSlides = Math.ceil(chapters.length / perAgenda);
  for (let index = 0; index < agendaSlides; index++) {
    agendaSlide(
      pptx,
      chapters.slice(index * perAgenda, (index + 1) * perAgenda),
      agendaSlides > 1 ? ` (${index + 1}/${agendaSlides})` : '',
    );
  }
  let chapterSlides = 0;
  for (const chapter of chapters) chapterSlides += chapterSlide(pptx, chapter);
  closingSlide(pptx, doc, chaptersWithoutSummary);

  const written = (await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array;
  return { pptx: Buffer.from(written), slides: 2 + agendaSlides + chapterSlides, chaptersWithoutSummary };
}

function heading(slide: Slide, text: string, subtitle?: string): void {
  slide.addText(text, {
    x: 0.6,
    y: 0.35,
    w: 12.1,
    h: 0.9,
    fontFace: FONT,
    fontSize: 30,
    bold: true,
    color: ACCENT,
    fit: 'shrink',
    valign: 'middle',
  });
  if (subtitle)
    slide.addText(subtitle, {
      x: 0.6,
      y: 1.2,
      w: 12.1,
      h: 0.45,
      fontFace: FONT,
      fontSize: 16,
      italic: true,
      color: MUTED,
    });
}

function titleSlide(pptx: Presentation, doc: SummaryDocument, chapterCount: number): void {
  const slide = pptx.addSlide();
  slide.addText(doc.title, {
    x: 0.8,
    y: 2.0,
    w: 11.7,
    h: 1.8,
    fontFace: FONT,
    fontSize: 40,
    bold: true,
    color: ACCENT,
    align: 'center',
    valign: 'middle',
    fit: 'shrink',
  });
  const meta = `${doc.originalPages} pages • ${chapterCount} chapter${chapterCount === 1 ? '' : 's'} • ${dateFormat.format(doc.generatedAt)}`;
  slide.addText(meta, { x: 0.8, y: 4.0, w: 11.7, h: 0.6, fontFace: FONT, fontSize: 20, color: INK, align: 'center' });
  if (doc.engineNote)
    slide.addText(doc.engineNote, {
      x: 0.8,
      y: 4.7,
      w: 11.7,
      h: 0.5,
      fontFace: FONT,
      fontSize: 14,
      color: MUTED,
      align: 'center',
    });
  slide.addNotes(doc.bookSummary ? summaryAsPlainText(doc.bookSummary) : 'No book summary has been generated yet.');
}

function agendaSlide(pptx: Presentation, chapters: SummaryChapter[], counter: string): void {
  const slide = pptx.addSlide();
  heading(slide, `Chapters${counter}`);
  for (let column = 0; column < AGENDA_COLUMNS; column++) {
    const entries = chapters.slice(column * AGENDA_ROWS, (column + 1) * AGENDA_ROWS);
    if (entries.length === 0) continue;
    slide.addText(
      entries.map((chapter) => ({ text: chapterHeading(chapter), options: { breakLine: true } })),
      {
        x: 0.6 + column * 6.1,
        y: 1.5,
        w: 5.9,
        h: 5.5,
        fontFace: FONT,
        fontSize: chapters.length > AGENDA_ROWS ? 16 : 20,
        color: INK,
        valign: 'top',
        paraSpaceAfter: 6,
        fit: 'shrink',
      },
    );
  }
  slide.addNotes(chapters.map((chapter) => `${chapterHeading(chapter)} (${chapter.pageRange})`).join('\n'));
}

function chapterSlide(pptx: Presentation, chapter: SummaryChapter): number {
  const groups = pointsPerSlide(keyPoints(chapter.summary, chapter.topics.map(plainInline)));
  const pages = groups.length > 0 ? groups : [[]];
  pages.forEach((points, index) => {
    const slide = pptx.addSlide();
    heading(slide, `${chapterHeading(chapter)}${index > 0 ? ' (continued)' : ''}`, chapter.pageRange || undefined);
    if (points.length > 0) {
      const characters = points.reduce((total, point) => total + point.length, 0);
      slide.addText(
        points.map((point) => ({ text: point, options: { bullet: true, breakLine: true } })),
        {
          x: 0.8,
          y: 1.85,
          w: 11.7,
          h: 5.2,
          fontFace: FONT,
          fontSize: characters > 450 ? 18 : characters > 300 ? 20 : 22,
          color: INK,
          valign: 'top',
          paraSpaceAfter: 10,
          fit: 'shrink',
        },
      );
    }
    if (!chapter.summary?.trim()) {
      slide.addText('No summary has been generated for this chapter yet.', {
        x: 0.8,
        y: 6.6,
        w: 11.7,
        h: 0.5,
        fontFace: FONT,
        fontSize: 14,
        italic: true,
        color: MUTED,
      });
    }
    slide.addNotes(
      chapter.summary?.trim()
        ? summaryAsPlainText(chapter.summary)
        : 'No summary has been generated for this chapter yet.',
    );
  });
  return pages.length;
}

function closingSlide(pptx: Presentation, doc: SummaryDocument, chaptersWithoutSummary: string[]): void {
  const slide = pptx.addSlide();
  const takeaways = doc.bookSummary
    ? sentencesOf(summaryAsPlainText(doc.bookSummary).replace(/\n+/g, ' ')).slice(0, 4)
    : [];
  heading(slide, takeaways.length > 0 ? 'Key takeaways' : 'Summary complete');
  const lines = takeaways.map((text) => ({ text, options: { bullet: true, breakLine: true } }));
  if (lines.length > 0) {
    slide.addText(lines, {
      x: 0.8,
      y: 1.6,
      w: 11.7,
      h: 4.3,
      fontFace: FONT,
      fontSize: 20,
      color: INK,
      valign: 'top',
      paraSpaceAfter: 10,
      fit: 'shrink',
    });
  }
  const footer =
    chaptersWithoutSummary.length > 0
      ? `Not summarised yet: ${chaptersWithoutSummary.join('; ')}`
      : `All ${doc.chapters.length} chapters summarised • ChapterWise, ${dateFormat.format(doc.generatedAt)}`;
  slide.addText(footer, {
    x: 0.8,
    y: 6.0,
    w: 11.7,
    h: 1.0,
    fontFace: FONT,
    fontSize: 14,
    color: MUTED,
    valign: 'bottom',
    fit: 'shrink',
  });
  slide.addNotes(doc.bookSummary ? summaryAsPlainText(doc.bookSummary) : 'No book summary has been generated yet.');
}
