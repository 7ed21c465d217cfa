import {
  contentBoxMm,
  densityForLoad,
  estimatePages,
  layoutAt,
  relativePageLoad,
  type MeasuredBox,
} from './summary-layout.js';

const layout = layoutAt(0.5, false);
const pageHeight = (contentBoxMm(layout).heightMm * 96) / 25.4;
const LINE = 20;

/** Boxes stacked with a 10px gap, each `lines` lines tall. */
function stack(specs: Array<{ lines: number; kind?: MeasuredBox['kind']; chapterStart?: boolean }>): MeasuredBox[] {
  let top = 0;
  return specs.map(({ lines, kind = 'text', chapterStart = false }) => {
    const box = { top, bottom: top + lines * LINE, lineHeight: LINE, kind, chapterStart };
    top = box.bottom + 10;
    return box;
  });
}

const linesPerPage = Math.floor(pageHeight / LINE);

describe('estimatePages', () => {
  it('fits text that is shorter than a page on one page', () => {
    expect(estimatePages(stack([{ lines: 5 }, { lines: 5 }]), layout)).toBe(1);
  });

  it('splits a long paragraph across pages between lines', () => {
    expect(estimatePages(stack([{ lines: Math.floor(linesPerPage * 2.5) }]), layout)).toBe(3);
  });

  it('moves a heading to the next page with the text after it', () => {
    const almostFull = linesPerPage - 2;
    expect(
      estimatePages(
        stack([
          { lines: almostFull, kind: 'atomic' },
          { lines: 1, kind: 'heading' },
          { lines: 3, kind: 'atomic' },
        ]),
        layout,
      ),
    ).toBe(2);
  });

  it('gives the cover a page of its own', () => {
    expect(estimatePages(stack([{ lines: 3, kind: 'cover' }, { lines: 3 }]), layout)).toBe(2);
  });

  it('starts every chapter on a new page only when chapter breaks are on', () => {
    const chapters = stack([
      { lines: 1, kind: 'heading', chapterStart: true },
      { lines: 4 },
      { lines: 1, kind: 'heading', chapterStart: true },
      { lines: 4 },
      { lines: 1, kind: 'heading', chapterStart: true },
      { lines: 4 },
    ]);
    expect(estimatePages(chapters, layout)).toBe(1);
    expect(estimatePages(chapters, layoutAt(0.5, true))).toBe(3);
  });
});

describe('relativePageLoad', () => {
  it('grows with density and is inverted by densityForLoad', () => {
    expect(relativePageLoad(0.8)).toBeGreaterThan(relativePageLoad(0.2));
    expect(densityForLoad(relativePageLoad(0.37), 0, 1)).toBeCloseTo(0.37, 6);
  });
});
