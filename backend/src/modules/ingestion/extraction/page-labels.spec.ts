import { inferPageLabels } from './page-labels.js';
import type { Folio } from './running-heads.js';

const arabic = (value: number): Folio[] => [{ value, roman: false, text: String(value) }];
const roman = (text: string, value: number): Folio[] => [{ value, roman: true, text }];

describe(inferPageLabels.name, () => {
  it('labels front matter in roman and the body from its printed numbers, filling pages without a folio', () => {
    const folios: Folio[][] = [
      [],
      roman('ii', 2),
      roman('iii', 3),
      roman('iv', 4),
      [],
      arabic(1),
      arabic(2),
      [],
      arabic(4),
      arabic(5),
    ];
    expect(inferPageLabels(folios)).toEqual(['1', 'ii', 'iii', 'iv', '5', '1', '2', '3', '4', '5']);
  });

  it('ignores numbers that do not follow the pages (a year in a head)', () => {
    const folios: Folio[][] = [arabic(2), arabic(3), arabic(4), arabic(1878), arabic(6)];
    expect(inferPageLabels(folios)).toEqual(['2', '3', '4', '5', '6']);
  });

  it('keeps physical numbers when nothing is trustworthy', () => {
    expect(inferPageLabels([[], arabic(40), []])).toEqual(['1', '2', '3']);
  });
});
