import type { PageLine } from '../../../providers/pdf/page-layout.js';
import { findRunningHeads, folioCandidates, type LaidOutPage } from './running-heads.js';

const line = (text: string, top: number, size = 10): PageLine => ({ text, x: 72, right: 400, top, size });

function page(number: number, head: string | null, foot: string | null, heading?: PageLine): LaidOutPage {
  const lines = [
    ...(head ? [line(head, 40)] : []),
    ...(heading ? [heading] : []),
    ...Array.from({ length: 20 }, (_, i) => line(`Body line ${i} of page ${number} with some words.`, 120 + i * 14)),
    ...(foot ? [line(foot, 760)] : []),
  ];
  return { number, width: 612, height: 792, lines };
}

describe('running heads and folios', () => {
  it('reads page numbers out of heads and feet', () => {
    expect(folioCandidates('Chapter 1 2').map((f) => f.value)).toEqual([2]);
    expect(folioCandidates('143 PRIDE AND PREJUDICE').map((f) => f.value)).toEqual([143]);
    expect(folioCandidates('4 of 293')).toEqual([{ value: 4, roman: false, text: '4' }]);
    expect(folioCandidates('xii')).toEqual([{ value: 12, roman: true, text: 'xii' }]);
    expect(folioCandidates('CHAPTER VII').map((f) => f.value)).toEqual([]);
  });

  it('finds recurring heads and bare page numbers, but not a large chapter title at the top', () => {
    const pages = [
      page(1, null, '1', line('Chapter 1. Fundamental Concepts', 50, 25)),
      page(2, 'Fundamental Concepts', '2'),
      page(3, 'Fundamental Concepts', '3'),
      page(4, 'Fundamental Concepts', '4'),
      page(5, 'Chapter 1 5', null),
      page(6, 'Chapter 1 6', null),
      page(7, 'Chapter 2 7', null),
    ];
    const { running, folios } = findRunningHeads(pages);
    const texts = running.map((set) => [...set].map((l) => l.text).sort());
    expect(texts[0]).toEqual(['1']);
    expect(texts[1]).toEqual(['2', 'Fundamental Concepts']);
    expect(texts[4]).toEqual(['Chapter 1 5']);
    expect(folios[6]!.map((f) => f.value)).toEqual([7]);
  });

  it('keeps the page number of a contents entry set on the last row, in the footer band', () => {
    const contents = (number: number, last: string): LaidOutPage => ({
      number,
      width: 612,
      height: 792,
      lines: [
        ...Array.from({ length: 30 }, (_, i) => line(`${i + 1} Entry ${i} on page ${number}`, 120 + i * 20)),
        line(last, 700),
        { text: String(40 + number), x: 520, right: 540, top: 700, size: 10 },
        line(String(number), 760),
      ],
    });
    const { running, folios } = findRunningHeads([
      contents(1, 'Bibliography'),
      contents(2, 'Index'),
      contents(3, 'Glossary'),
    ]);
    expect(running.map((set) => [...set].map((l) => l.text))).toEqual([['1'], ['2'], ['3']]);
    expect(folios[0]!.map((f) => f.value)).toEqual([1]);
  });

  it('keeps the page number of a first-row contents entry whose words open a chapter, set large', () => {
    const contents: LaidOutPage = {
      ...page(4, null, '4'),
      lines: [
        line('4 Workflow For Creating a Presentation', 82),
        { text: '27', x: 520, right: 540, top: 82, size: 10 },
        ...page(4, null, '4').lines,
      ],
    };
    const opening = page(27, null, '27', line('4 Workflow For Creating a Presentation', 60, 24));
    const { running } = findRunningHeads([contents, opening, page(28, null, '28'), page(29, null, '29')]);
    expect([...running[0]!].map((l) => l.text)).toEqual(['4']);
  });

  it('still takes the folio beside a running head that names the chapter', () => {
    const pages = [2, 3, 4].map((n) => ({
      ...page(n, null, null),
      lines: [...page(n, null, null).lines, line('Chapter 2. Installation', 760), { ...line(String(n), 760), x: 520 }],
    }));
    const { folios } = findRunningHeads(pages);
    expect(folios.map((list) => list.map((f) => f.value))).toEqual([[2], [3], [4]]);
  });
});
