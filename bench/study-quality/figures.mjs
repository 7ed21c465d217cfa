// Every figure the bench reports: which way is better, how far it may fall against the baseline before --check
// fails, and the target. A figure fails when it is worse than the baseline by more than
// max(abs, rel × |baseline|). Improvements never fail: commit a new baseline to keep them (--write-baseline).
// The offline engine is deterministic, so quality figures repeat exactly from run to run; the margins leave room
// for a change that trades a little of one figure for more of another. Wall-clock times follow the machine's load
// and are not checked; the kit's CPU time over the whole set may double before it fails (it still grows on a
// busy machine, and the check is there to catch a slowdown of another order, not a few per cent).

export const FIGURES = [
  { name: 'chapterF1', better: 'higher', abs: 0.02, target: '>= 0.95' },
  { name: 'notesWholeSentencesPct', better: 'higher', abs: 1, target: '>= 99' },
  { name: 'notesSentences', better: null, target: '' },
  // Sentences whose formulas the notes show as notation (code spans), apart from the words.
  { name: 'notesWithNotation', better: null, target: '' },
  { name: 'debrisGluedNumbers', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'debrisFormulaOrCode', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'debrisExercisePrompts', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'debrisExampleBound', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'debrisPageFurniture', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'debrisRepeatedPoints', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'topicsPerChapter', better: 'higher', rel: 0.2, target: '' },
  { name: 'topicsInIndexPct', better: 'higher', abs: 3, target: '>= 70' },
  { name: 'topicsGeneric', better: 'lower', abs: 1, rel: 0.1, target: '0' },
  { name: 'cardsPerChapter', better: 'higher', rel: 0.15, target: '' },
  { name: 'cardsPerSubstantialChapter', better: 'higher', rel: 0.15, target: '>= 20 (10+ pages)' },
  { name: 'substantialChaptersUnder20Cards', better: 'lower', abs: 0, target: '0' },
  { name: 'cardsOnCitedPagePct', better: 'higher', abs: 2, target: '>= 90' },
  { name: 'cardsClozePct', better: 'lower', abs: 3, target: '<= 60' },
  { name: 'cardsDuplicate', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'cardsFromMatter', better: 'lower', abs: 2, rel: 0.1, target: '0' },
  { name: 'cardsShortAnswerInIndexPct', better: 'higher', abs: 3, target: 'most (books with an index)' },
  { name: 'cardsGenericAnswers', better: 'lower', abs: 1, rel: 0.1, target: '0' },
  { name: 'quizPerChapter', better: 'higher', rel: 0.15, target: '' },
  { name: 'quizPerSubstantialChapter', better: 'higher', rel: 0.15, target: '>= 10 (10+ pages)' },
  { name: 'substantialChaptersUnder10Questions', better: 'lower', abs: 0, target: '0' },
  { name: 'quizKeysOnCitedPagePct', better: 'higher', abs: 2, target: '>= 95' },
  { name: 'quizSameKindPct', better: 'higher', abs: 3, target: '>= 90' },
  { name: 'quizQuotingBookPct', better: 'lower', abs: 5, target: 'some apply an idea' },
  { name: 'eli12GradeMedian', better: 'lower', abs: 0.5, target: '<= 7' },
  { name: 'eli12CopiedPct', better: 'lower', abs: 5, target: '<= 20' },
  { name: 'eli12Texts', better: 'higher', rel: 0.2, target: '' },
  // Topics whose explanation says the book does not explain them: left out of the grade and the copied share.
  { name: 'eli12NotExplained', better: 'lower', abs: 1, target: '' },
  // Wall-clock times are reported against the speed target but not checked: they follow the machine's load. The
  // kit's CPU time (every thread of the process) is checked instead.
  { name: 'ingestionSecPer100Pages', better: null, target: '' },
  { name: 'kitSecPer100Pages', better: null, target: '' },
  // Over the whole set only: a book's share of the JIT's warm-up depends on its place in the run.
  { name: 'kitCpuSecPer100Pages', better: 'lower', rel: 1, abs: 0.5, overallOnly: true, target: '' },
  { name: 'wholeKitSecPer100Pages', better: null, target: '<= 20' },
  { name: 'wholeKitSecFor300Pages', better: null, target: '<= 60 s' },
];

/** The largest fall a figure may take against its baseline value. */
export function allowedFall(figure, baselineValue) {
  return Math.max(figure.abs ?? 0, (figure.rel ?? 0) * Math.abs(baselineValue));
}

/** One figure against its baseline: null when it holds, else the reason it fails. */
export function judge(figure, baselineValue, value) {
  if (!figure.better || baselineValue === null || baselineValue === undefined) return null;
  if (value === null || value === undefined) return `${figure.name} is missing (baseline ${baselineValue})`;
  const fall = figure.better === 'higher' ? baselineValue - value : value - baselineValue;
  const allowed = allowedFall(figure, baselineValue);
  if (fall <= allowed + 1e-9) return null;
  return `${figure.name} ${value} against baseline ${baselineValue} (${figure.better} is better, margin ${+allowed.toFixed(3)})`;
}

/** The figures checked for one book, or for the whole set ('overall'). */
export function checkedFigures(scope) {
  return FIGURES.filter((figure) => figure.better && (scope === 'overall' || !figure.overallOnly));
}

/**
 * Every figure of every book present in both, and the overall figures when both cover the same books. Returns
 * the failures (book, figure, message) and how many figures were compared.
 */
export function compareWithBaseline(baseline, output) {
  const failures = [];
  let compared = 0;
  const compare = (scope, before, now) => {
    for (const figure of checkedFigures(scope)) {
      if (before[figure.name] === undefined || before[figure.name] === null) continue;
      compared += 1;
      const reason = judge(figure, before[figure.name], now[figure.name]);
      if (reason) failures.push({ scope, figure: figure.name, message: `${scope}: ${reason}` });
    }
  };
  for (const [file, figures] of Object.entries(output.books))
    if (baseline.books[file]) compare(file, baseline.books[file], figures);
  const sameBooks = Object.keys(baseline.books).sort().join('|') === Object.keys(output.books).sort().join('|');
  if (sameBooks) compare('overall', baseline.overall, output.overall);
  return { failures, compared };
}
