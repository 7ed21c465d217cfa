import type { Block } from './blocks.js';
import { sectionTree } from './section-tree.js';

const heading = (number: string, title: string, page: string): Block => ({
  kind: 'heading',
  text: title,
  page,
  number,
  level: number.split('.').length,
  role: 'body',
});
const paragraph = (text: string, page: string): Block => ({ kind: 'paragraph', text, page });
const titles = (blocks: Block[]) =>
  sectionTree(blocks).sections.map((section) => [section.number, section.title].filter(Boolean).join(' '));

describe(sectionTree.name, () => {
  it('takes a running head that repeats a section atop a later page for no section (numerical methods)', () => {
    const blocks = [
      paragraph('We address the ODE for exponential decay.', '47'),
      heading('2.1', 'Experimental investigations', '47'),
      paragraph('We first perform a series of numerical explorations.', '47'),
      heading('2.1.1', 'Discouraging numerical solutions', '48'),
      paragraph('Choosing a = 2 gives oscillations.', '48'),
      heading('2.1', 'Experimental investigations', '51'),
      paragraph('The contour plot shows where oscillations occur.', '51'),
      heading('2.2', 'Stability', '53'),
      paragraph('Stability means the solution keeps the qualitative properties.', '53'),
    ];
    expect(titles(blocks)).toEqual([
      '',
      '2.1 Experimental investigations',
      '2.1.1 Discouraging numerical solutions',
      '2.2 Stability',
    ]);
    // The running head's page stays with the section it stands in.
    const tree = sectionTree(blocks);
    expect(tree.sections[tree.sectionOfBlock[6]!]!.number).toBe('2.1.1');
  });

  it("keeps the sections themselves, not the chapter's outline printed on its opening page (discrete maths, political science)", () => {
    const maths = [
      heading('1.1', 'Additive and Multiplicative Principles', '21'),
      heading('1.2', 'Binomial Coefficients', '21'),
      heading('1.1', 'Additive and Multiplicative Principles', '22'),
      paragraph('Consider this rather simple counting question.', '22'),
      heading('1.2', 'Binomial Coefficients', '30'),
      paragraph('Binomial coefficients count subsets.', '30'),
    ];
    expect(titles(maths)).toEqual(['', '1.1 Additive and Multiplicative Principles', '1.2 Binomial Coefficients']);
    expect(sectionTree(maths).sections[1]!.page).toBe('22');
    const politics = [
      heading('1.1', 'Defining Politics', '1'),
      heading('1.2', 'Public Policy, Public Interest, and Power', '1'),
      // The outline's last entry is followed by the chapter's introduction: it is still no section.
      paragraph('Politics is the means by which societies decide who gets what.', '1'),
      heading('1.1', 'Defining Politics', '2'),
      paragraph('Politics involves the activities of individuals.', '2'),
      heading('1.2', 'Public Policy, Public Interest, and Power', '9'),
      paragraph('Public policy is one of the main products of politics.', '9'),
    ];
    expect(titles(politics)).toEqual(['', '1.1 Defining Politics', '1.2 Public Policy, Public Interest, and Power']);
    expect(sectionTree(politics).sections[2]!.page).toBe('9');
  });
});
