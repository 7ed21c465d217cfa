import escapeHtml from 'escape-html';
import {
  chaptersInOrder,
  summaryChapterHeading,
  type SummaryChapter,
  type SummaryDocument,
} from './summary-document.js';
import { contentBoxMm, type PageLayout } from './summary-layout.js';
import { firstSentences, plainInline, summaryBlocks, type SummaryBlock } from './summary-text.js';

/** How much text the PDF keeps, from everything (0) to chapter titles and page ranges only (last). */
export const DETAIL_LEVELS = [
  { topics: 'list', chapterSentences: null, bookSentences: null },
  { topics: 'inline', chapterSentences: null, bookSentences: null },
  { topics: 'inline', chapterSentences: 4, bookSentences: 10 },
  { topics: 'inline', chapterSentences: 2, bookSentences: 6 },
  { topics: 'none', chapterSentences: 1, bookSentences: 3 },
  { topics: 'none', chapterSentences: 0, bookSentences: 1 },
] as const;

export interface SummaryHtmlOptions {
  detail: number;
  coverPage: boolean;
  targetPages: number;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

// Summaries are untrusted: every piece of text is escaped, and the CSP allows no scripts, images, fonts or connections.
export function summaryHtml(doc: SummaryDocument, options: SummaryHtmlOptions): string {
  const level = DETAIL_LEVELS[Math.min(options.detail, DETAIL_LEVELS.length - 1)]!;
  const chapters = chaptersInOrder(doc);
  let shortened = false;

  const bookSummary = doc.bookSummary ? summaryBlocks(doc.bookSummary) : [];
  const bookKept =
    level.bookSentences === null
      ? { blocks: bookSummary, truncated: false }
      : firstSentences(bookSummary, level.bookSentences);
  shortened ||= bookKept.truncated;

  const chapterHtml = chapters.map((chapter) => {
    const { html, truncated } = chapterSection(chapter, level);
    shortened ||= truncated;
    return html;
  });

  const meta = `${doc.originalPages} pages • ${chapters.length} chapter${chapters.length === 1 ? '' : 's'}`;
  const notes = [
    `Summary generated ${dateFormat.format(doc.generatedAt)}`,
    doc.engineNote,
    shortened
      ? `Some text was shortened to fit ${options.targetPages} page${options.targetPages === 1 ? '' : 's'}.`
      : null,
  ].filter((note): note is string => Boolean(note));
  const titleBlock = options.coverPage
    ? `<header class="cover" data-box="cover"><p class="kicker">Book summary</p><h1>${escapeHtml(doc.title)}</h1><p class="meta">${escapeHtml(meta)}</p>${notes
        .map((note) => `<p class="note">${escapeHtml(note)}</p>`)
        .join('')}</header>`
    : `<header class="masthead"><h1 data-box="heading">${escapeHtml(doc.title)}</h1><p class="meta" data-box="atomic">${escapeHtml(
        [meta, ...notes].join(' • '),
      )}</p></header>`;

  const bookSection =
    bookKept.blocks.length > 0
      ? `<section class="book-summary"><h2 data-box="heading">Book summary</h2>${blocksHtml(bookKept.blocks, bookKept.truncated)}</section>`
      : '';

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(doc.title)}</title>
<style id="page-rule"></style>
<style>${STYLE}</style>
</head><body><main id="flow">${titleBlock}${bookSection}${chapterHtml.join('')}</main></body></html>`;
}

function chapterSection(
  chapter: SummaryChapter,
  level: (typeof DETAIL_LEVELS)[number],
): { html: string; truncated: boolean } {
  const heading = summaryChapterHeading(chapter);
  const parts = [
    `<h3 data-box="heading" data-chapter-start>${escapeHtml(heading)}</h3>`,
    chapter.pageRange ? `<p class="pages" data-box="atomic">${escapeHtml(chapter.pageRange)}</p>` : '',
  ];
  let truncated = false;
  if (chapter.summary) {
    const blocks = summaryBlocks(chapter.summary);
    const kept =
      level.chapterSentences === null ? { blocks, truncated: false } : firstSentences(blocks, level.chapterSentences);
    truncated = kept.truncated;
    parts.push(blocksHtml(kept.blocks, kept.truncated));
  } else {
    parts.push('<p class="missing" data-box="atomic">No summary has been generated for this chapter yet.</p>');
  }
  const topics = chapter.topics.map(plainInline).filter(Boolean);
  if (topics.length > 0 && level.topics === 'list') {
    parts.push(
      `<h4 data-box="heading">Key topics</h4><ul class="topics">${topics.map((topic) => `<li data-box="atomic">${escapeHtml(topic)}</li>`).join('')}</ul>`,
    );
  } else if (topics.length > 0 && level.topics === 'inline') {
    parts.push(
      `<p class="topics-inline" data-box="text"><b>Key topics:</b> ${topics.map((topic) => escapeHtml(topic)).join(' · ')}</p>`,
    );
  } else if (topics.length > 0) {
    truncated = true;
  }
  return { html: `<section class="chapter">${parts.join('')}</section>`, truncated };
}

function blocksHtml(blocks: SummaryBlock[], truncated: boolean): string {
  const html = blocks.map((block, index) => {
    const ellipsis = truncated && index === blocks.length - 1 ? ' …' : '';
    if (block.kind === 'heading') return `<h4 data-box="heading">${escapeHtml(block.text)}</h4>`;
    if (block.kind === 'paragraph') return `<p data-box="text">${summaryText(block.text)}${ellipsis}</p>`;
    return `<ul>${block.items.map((item, itemIndex) => `<li data-box="text">${summaryText(item)}${itemIndex === block.items.length - 1 ? ellipsis : ''}</li>`).join('')}</ul>`;
  });
  return html.join('');
}

function summaryText(text: string): string {
  return escapeHtml(text).replace(/\b(pp?\.) (?=\w)/g, '$1\u00a0');
}

export function layoutVariables(layout: PageLayout): Record<string, string> {
  const box = contentBoxMm(layout);
  return {
    '--font-size': `${layout.fontSizePt.toFixed(2)}pt`,
    '--line-height': layout.lineHeight.toFixed(3),
    '--gap': `${layout.gapEm.toFixed(3)}em`,
    '--content-width': `${box.widthMm.toFixed(2)}mm`,
    '--content-height': `${box.heightMm.toFixed(2)}mm`,
  };
}

// Custom properties do not reach @page.
export function pageRule(layout: PageLayout): string {
  const mm = (value: number) => `${value.toFixed(2)}mm`;
  return `@page { size: A4; margin: ${mm(layout.marginTopMm)} ${mm(layout.marginSideMm)} ${mm(layout.marginBottomMm)}; }`;
}

// DejaVu Sans (fonts-dejavu-core) before the generic family: the serif faces lack ✓ ✗ ☐, which books
// use for right and wrong examples, and Chromium then takes those glyphs from it instead of printing □.
const STYLE = `
html { -webkit-print-color-adjust: exact; }
body { margin: 0; font-family: 'Liberation Serif', 'DejaVu Serif', 'Noto Serif', Georgia, 'DejaVu Sans', serif; color: #1f2328;
  font-size: var(--font-size); line-height: var(--line-height); }
#flow { width: var(--content-width); }
h1, h2, h3, h4 { font-family: 'Liberation Sans', 'DejaVu Sans', 'Noto Sans', Arial, sans-serif; line-height: 1.25;
  break-after: avoid; margin: 0; }
h1 { font-size: 2em; }
h2 { font-size: 1.45em; margin-top: calc(var(--gap) * 2.5); color: #0b3d91; }
h3 { font-size: 1.2em; margin-top: calc(var(--gap) * 2.5); }
h4 { font-size: 1em; margin-top: var(--gap); }
p, ul { margin: var(--gap) 0 0; orphans: 2; widows: 2; }
ul { padding-left: 1.3em; }
li { margin-top: calc(var(--gap) / 2); }
.topics li { break-inside: avoid; }
.pages { margin-top: 0.1em; font-size: 0.9em; color: #57606a; font-style: italic; }
.missing { color: #8c959f; font-style: italic; }
.topics-inline { font-size: 0.95em; }
.masthead .meta { color: #57606a; font-size: 0.9em; }
.cover { height: calc(var(--content-height) - 4mm); display: flex; flex-direction: column; justify-content: center;
  break-after: page; text-align: center; }
.cover .kicker { font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; text-transform: uppercase; letter-spacing: 0.2em;
  color: #0b3d91; font-size: 11pt; }
.cover h1 { font-size: 28pt; margin: 8mm 0; }
.cover .meta { font-size: 13pt; }
.cover .note { font-size: 10pt; color: #57606a; }
.chapter-breaks section.chapter { break-before: page; }
.chapter-breaks section.chapter h3 { margin-top: 0; }
`;
