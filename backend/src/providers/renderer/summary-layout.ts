// The summary PDF is fitted to a page count by one dial, `density` (0 = densest, 1 = loosest),
// driving font size, line height, spacing and margins together, plus two switches: each chapter
// on a new page (to spread thin content) and how much text to keep (trimming, the last resort).

export const A4 = { widthMm: 210, heightMm: 297 };
const PX_PER_MM = 96 / 25.4;

export interface PageLayout {
  fontSizePt: number;
  lineHeight: number;
  marginTopMm: number;
  marginBottomMm: number;
  marginSideMm: number;
  gapEm: number;
  chapterBreaks: boolean;
}

const lerp = (from: number, to: number, t: number) => from + (to - from) * t;

export function layoutAt(density: number, chapterBreaks: boolean): PageLayout {
  const t = Math.min(1, Math.max(0, density));
  return {
    fontSizePt: lerp(7.5, 17, t),
    lineHeight: lerp(1.2, 1.75, t),
    marginTopMm: lerp(10, 24, t),
    // The bottom margin also holds the page-number footer.
    marginBottomMm: lerp(14, 26, t),
    marginSideMm: lerp(11, 28, t),
    gapEm: lerp(0.25, 0.85, t),
    chapterBreaks,
  };
}

export function contentBoxMm(layout: PageLayout): { widthMm: number; heightMm: number } {
  return {
    widthMm: A4.widthMm - 2 * layout.marginSideMm,
    heightMm: A4.heightMm - layout.marginTopMm - layout.marginBottomMm,
  };
}

// Text area grows with font size squared times line height; page counts are close to linear in this.
export function relativePageLoad(density: number): number {
  const layout = layoutAt(density, false);
  const box = contentBoxMm(layout);
  return (layout.fontSizePt ** 2 * layout.lineHeight) / (box.widthMm * box.heightMm);
}

export function densityForLoad(load: number, low: number, high: number): number {
  let [from, to] = [low, high];
  for (let step = 0; step < 40; step++) {
    const middle = (from + to) / 2;
    if (relativePageLoad(middle) < load) from = middle;
    else to = middle;
  }
  return (from + to) / 2;
}

export interface MeasuredBox {
  top: number;
  bottom: number;
  lineHeight: number;
  /** cover: a page of its own; heading: kept with what follows; text: may split between lines; atomic: never splits. */
  kind: 'cover' | 'heading' | 'text' | 'atomic';
  chapterStart: boolean;
}

const MIN_LINES_AT_BREAK = 2;

// An estimate of the print engine's pagination; the renderer checks it against the real PDF.
export function estimatePages(boxes: MeasuredBox[], layout: PageLayout): number {
  const pageHeight = contentBoxMm(layout).heightMm * PX_PER_MM;
  let pages = 1;
  let used = 0;
  let previousBottom = boxes[0]?.top ?? 0;
  const newPage = () => {
    pages++;
    used = 0;
  };
  boxes.forEach((box, index) => {
    if (box.kind === 'cover') {
      if (used > 0) newPage();
      newPage();
      previousBottom = box.bottom;
      return;
    }
    if (box.chapterStart && layout.chapterBreaks && used > 0) newPage();
    const gap = used > 0 ? Math.max(0, box.top - previousBottom) : 0;
    const height = box.bottom - box.top;
    const lines = Math.max(1, Math.round(height / box.lineHeight));
    const next = boxes[index + 1];
    const keepWithNext =
      box.kind === 'heading' && next ? Math.min(next.bottom - next.top, MIN_LINES_AT_BREAK * next.lineHeight) : 0;
    previousBottom = box.bottom;
    if (used + gap + height + keepWithNext <= pageHeight) {
      used += gap + height;
      return;
    }
    if (box.kind === 'text' && lines >= 2 * MIN_LINES_AT_BREAK) {
      const fitting = Math.min(lines - MIN_LINES_AT_BREAK, Math.floor((pageHeight - used - gap) / box.lineHeight));
      let remaining = lines;
      if (fitting >= MIN_LINES_AT_BREAK) remaining -= fitting;
      newPage();
      const linesPerPage = Math.max(1, Math.floor(pageHeight / box.lineHeight));
      while (remaining > linesPerPage) {
        remaining -= linesPerPage;
        newPage();
      }
      used = remaining * box.lineHeight;
      return;
    }
    if (used > 0) newPage();
    used = height;
    while (used > pageHeight) {
      used -= pageHeight;
      newPage();
    }
  });
  return pages;
}
