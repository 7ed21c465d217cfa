import { markdownWithNotation, notationSpans } from './notation.js';

const shown = (sentence: string) => markdownWithNotation(sentence, (prose) => prose);
const formulas = (sentence: string) => notationSpans(sentence).map(([start, end]) => sentence.slice(start, end));

describe(notationSpans.name, () => {
  it('finds the formulas of a maths book, each whole, without the punctuation that closes the clause', () => {
    // levin, Discrete Mathematics, pp. 5, 41, 113, 134, 222
    expect(formulas('A ∪ B is the set containing all elements which are elements of A or B or both.')).toEqual([
      'A ∪ B',
    ]);
    expect(formulas('P(n, k) is the number of permutations of k out of n objects.')).toEqual(['P(n, k)']);
    expect(formulas('Therefore, by the principle of mathematical induction, P(n) is true for all n ≥ 28.')).toEqual([
      'P(n)',
      'n ≥ 28',
    ]);
    expect(formulas('In other words, we need to decide when the statement (P → Q) ∨ (Q → R) is true.')).toEqual([
      '(P → Q) ∨ (Q → R)',
    ]);
    expect(formulas('We know 100 ≡ 1 (mod 9), so if we multiply both sides by 4, we get 400 ≡ 4 (mod 9).')).toEqual([
      '100 ≡ 1 (mod 9)',
      '400 ≡ 4 (mod 9)',
    ]);
    // Among other notation, a number times a variable is notation too.
    expect(formulas('Since 7k + 3 is an integer, we see that 7n is odd.')).toEqual(['7k + 3', '7n']);
  });

  it('finds the notation and program names of a numerical-methods book', () => {
    // langtangen, Finite Difference Computing, pp. 13, 15, 31, 42
    expect(formulas('However, we may choose any point ˜t∈ [tn, tn+1].')).toEqual(['˜t∈ [tn, tn+1]']);
    expect(
      formulas('For a function of time, f(t), related to a mesh with spacing ∆t, we often need f(tn ± ∆t) at t = tn.'),
    ).toEqual(['f(t)', '∆t', 'f(tn ± ∆t)', 't = tn']);
    expect(formulas('The expression u_e - u is the difference between two arrays.')).toEqual(['u_e']);
    expect(formulas('The decay_memsave.py file works exactly as the decay_plot_mpl.py file.')).toEqual([
      'decay_memsave.py',
      'decay_plot_mpl.py',
    ]);
    expect(formulas('Running the file triggers the doctest.testmod call; we introduce ¯u = 10ε as a scaling.')).toEqual(
      ['doctest.testmod', '¯u = 10ε'],
    );
    expect(
      formulas('The Crank-Nicolson scheme gives the most accurate results, but for ∆t = 1.25 the solution oscillates.'),
    ).toEqual(['∆t = 1.25']);
    // A word after a bracket is no set: "(in ∆t)" keeps its "in".
    expect(formulas('The global error is therefore of second order (in ∆t) for the Crank-Nicolson scheme.')).toEqual([
      '∆t',
    ]);
  });

  it('finds none in prose: dashes, slashes, times of day, pence, years and a page number run into a word', () => {
    const prose = [
      // openstax, Introduction to Political Science, pp. 42, 200, 408
      'The Deutscher Gewerkschaftsbund (DGB - German Trade Union Confederation) was founded in 1949.',
      'The polls opened at 7 a.m. and closed at 8 p.m. on election day.',
      'This map shows per capita CO2 emissions across countries in 2018.',
      'The vote was five to four, and/or so the clerk wrote.',
      // Doyle, The Adventures of Sherlock Holmes; Austen, Pride and Prejudice (a page number run into a word)
      'He paid 4d for the paper and 6d for the cab.',
      'She said that she was fa414 ready to go.',
      'God | is love, the preacher said.',
    ];
    for (const sentence of prose)
      expect({ sentence, formulas: formulas(sentence) }).toEqual({ sentence, formulas: [] });
  });
});

describe(markdownWithNotation.name, () => {
  it('shows each formula as a code span and escapes only the words between them', () => {
    expect(shown('A ∪ B is the set containing all elements which are elements of A or B or both.')).toBe(
      '`A ∪ B` is the set containing all elements which are elements of A or B or both.',
    );
    expect(markdownWithNotation('If *x* grows, then t = tn.', (prose) => prose.replace(/\*/g, '\\*'))).toBe(
      'If \\*x\\* grows, then `t = tn`.',
    );
    // A formula holding a backtick cannot be a code span: it stays in the escaped words.
    expect(markdownWithNotation('Then `a ∪ b` holds.', (prose) => prose.replace(/`/g, '\\`'))).toBe(
      'Then \\`a ∪ b\\` holds.',
    );
  });
});
