import { glossaryOf } from './terms.js';
import glossaryPages from '../fixtures/glossary-pages.json' with { type: 'json' };

type GlossaryCase = (typeof glossaryPages.cases)[number];

describe('a glossary entry ends where the next begins (issue #43)', () => {
  it('has cases from more than one book', () => {
    expect(new Set(glossaryPages.cases.map((item) => item.book)).size).toBeGreaterThanOrEqual(2);
  });

  it.each(glossaryPages.cases.map((item: GlossaryCase) => [`${item.book}: ${item.what}`, item] as const))(
    '%s',
    (_name, item) => {
      const glossary = glossaryOf(item.pages);
      if ('none' in item) expect(glossary).toEqual([]);
      for (const entry of item.entries) expect(glossary).toContainEqual(expect.objectContaining(entry));
    },
  );
});
