import { splitFootnotes, withoutFootnoteMarks } from './footnotes.js';

describe('splitFootnotes', () => {
  it('takes the notes at a page foot apart, their numbers run into their first words (levin p. 196)', () => {
    const { body, footnotes } = splitFootnotes([
      'Sometimes the condition is also sufficient.6 This is a theorem first proved by Philip Hall in 1935.7',
      '',
      '5The standard example for matchings used to be the marriage problem in which A consisted of the men in the town',
      'and B the women.',
      '6This happens often in graph theory. If you can avoid the obvious counter-examples, you often get what you want.',
      '7There is also an infinite version of the theorem which was proved by Marshal Hall, Jr.',
    ]);
    expect(footnotes.map((note) => note.number)).toEqual(['5', '6', '7']);
    expect(footnotes[0]!.text).toBe(
      'The standard example for matchings used to be the marriage problem in which A consisted of the men in the town and B the women.',
    );
    expect(body).toHaveLength(2);
  });

  it('takes a note whose number is set apart when the page marks it on a line of its own (langtangen p. 175)', () => {
    const { body, footnotes } = splitFootnotes([
      'Each command-line option is defined through the parser.add_argument',
      '',
      '1',
      '',
      'method . Alternative options, like the short –I and the more explaining',
      'data = (args.I, args.a, args.T, scheme2theta[args.scheme],',
      'args.dt_values)',
      '1 We use the expression method here, because parser is a class variable and functions in',
      'classes are known as methods in Python and many other languages.',
    ]);
    expect(footnotes).toEqual([
      {
        number: '1',
        text: 'We use the expression method here, because parser is a class variable and functions in classes are known as methods in Python and many other languages.',
      },
    ]);
    expect(body).not.toContain('1');
  });

  it('leaves numbered lists, list numbers, a "3D" line and unmarked numbered lines in the text', () => {
    const lists = [
      ['Three steps make a mesh.', '', '1. First, choose a time step.', '2. Then compute the points.'],
      ['The exercises ask for more.', '', '1 Show that the scheme is stable.', '2 Compute the error.'],
      ['Printers now build solid objects.', '', '3D printing lays down plastic layer by layer.'],
      ['The report lists its sources.', '', '2018 Census of Governments, table 3.'],
    ];
    for (const lines of lists) expect(splitFootnotes(lines)).toEqual({ body: lines, footnotes: [] });
  });

  it('never takes the first line of a page, nor a numbered line far above the foot', () => {
    expect(splitFootnotes(['1You might wonder why.', 'The text goes on here.']).footnotes).toEqual([]);
    const long = ['The text opens.', '', '1Note far up.', ...Array.from({ length: 14 }, () => 'the text goes on.')];
    expect(splitFootnotes(long).footnotes).toEqual([]);
  });
});

describe('withoutFootnoteMarks', () => {
  it('removes reference marks run into words and their punctuation (openstax pp. 70, 220; levin p. 25)', () => {
    expect(
      withoutFootnoteMarks('Locke used the thought experiment of the state of nature16 to determine what individuals'),
    ).toBe('Locke used the thought experiment of the state of nature to determine what individuals');
    expect(
      withoutFootnoteMarks(
        'would diminish the overall quality of the electorate because women34 and Black Americans35 were',
      ),
    ).toBe('would diminish the overall quality of the electorate because women and Black Americans were');
    expect(withoutFootnoteMarks('loyalty to a political ruler who could uphold the laws of nature with power.15')).toBe(
      'loyalty to a political ruler who could uphold the laws of nature with power.',
    );
    expect(withoutFootnoteMarks('multiplicative principle only works if the events are independent.1')).toBe(
      'multiplicative principle only works if the events are independent.',
    );
  });

  it('keeps the numbers of chemistry, code, maths, years, figures and versions', () => {
    const kept = [
      'This map shows per capita CO2 emissions across countries and H2O vapour in the air.',
      'dummy1, bins, dummy2 = hist(',
      'Then exp(tmp1) means applying the exponential function to each element in tmp1, giving an array.',
      'python prog.py arg1 arg2 means that there are two command-line arguments',
      '/usr/local/lib/python2.7/dist-packages, while executable programs',
      'we might also write A2 for this set, and x2 for the square of x',
      'This is a theorem first proved by Philip Hall in 1935 and used since.',
      'as shown in Figure 3.2 and in Table 4.2 of the chapter',
      'Diversity Recruitment, https://www.vanderbilt.edu/work/day8.php.',
      'the log2 of the size of the input grows slowly with the size',
      // Numbered names: the same word with several numbers, or more than a line's notes.
      'Then store the results in cell1 and cell2 before you add the totals together.',
      'The plan runs through phase1 stage2 level3 block4 of the whole project here.',
    ];
    for (const line of kept) expect(withoutFootnoteMarks(line)).toBe(line);
  });
});
