// The figures of one book from what the kit produced (run-kit.mjs) and the manifest's ground truth.
import { readFileSync } from 'node:fs';
import { boundaryF1 } from '../ingest/metrics.mjs';
import { bodyPagesOf } from './corpus.mjs';
import {
  countRepeats,
  hasCode,
  hasFormula,
  hasFurniture,
  hasGluedNumber,
  isExampleBound,
  isExercisePrompt,
  runningLinesOf,
} from './debris.mjs';
import { indexTermsOfPages, termKey } from './index-terms.mjs';

export const genericWords = new Set(
  readFileSync(new URL('./word-lists/generic-words.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map(termKey),
);

/** Text as compared for "stands on the page": line-end hyphens joined, case, quotes and punctuation folded. */
export function matchText(text) {
  return ` ${text
    .normalize('NFKC')
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

export function standsOn(answer, pageText) {
  const needle = matchText(answer);
  return needle.trim().length > 0 && matchText(pageText).includes(needle);
}

/**
 * The kind of a quiz option, to tell whether distractors are the same kind of thing as the key:
 * - number: a quantity ("42", "3.5", "12%", "$1,200", "1 in 4");
 * - formula: text with a mathematical symbol, an operator between operands, a subscripted variable or code;
 * - statement: a clause (more than 6 words, or ending in . ! ?);
 * - term: anything else (a word or short phrase: a concept, a name).
 */
export function optionKind(option) {
  const text = option.trim();
  if (/^[\p{Sc}±−-]?\d[\d,.]*\s*(?:%|percent|in \d+|\/\s*\d+)?$/u.test(text)) return 'number';
  if (hasFormula(text) || hasCode(text)) return 'formula';
  if (text.split(/\s+/).length > 6 || /[.!?]$/.test(text)) return 'statement';
  return 'term';
}

/** A prompt that quotes the book: a blank to fill, or a quoted span of four words or more. */
export function quotesTheBook(prompt) {
  return /_{3,}/.test(prompt) || /[“"][^”"]*(?:\S+\s+){3}[^”"]*[”"]/u.test(prompt);
}

const wordsOf = (text) => matchText(text).trim().split(' ').filter(Boolean);
const gramsOf = (words, n) => {
  const grams = [];
  for (let i = 0; i + n <= words.length; i += 1) grams.push(words.slice(i, i + n).join(' '));
  return grams;
};

/**
 * A sentence copied from the book: at least 80% of its word 5-grams occur in the chapter's text (words lower-
 * cased, punctuation ignored); a sentence shorter than five words is copied when it occurs whole.
 */
export function isCopied(sentence, chapterWordsText, chapterGrams) {
  const words = wordsOf(sentence);
  if (words.length === 0) return false;
  if (words.length < 5) return chapterWordsText.includes(` ${words.join(' ')} `);
  const grams = gramsOf(words, 5);
  return grams.filter((gram) => chapterGrams.has(gram)).length / grams.length >= 0.8;
}

/** The offline engine's own words when no whole sentence of the chapter explains a topic. */
export function saysItCannotExplain(text) {
  return /\bdoes not explain it in whole sentences\b|\bhold no whole sentences about\b/.test(text);
}

const ratio = (part, whole) => (whole ? part / whole : null);
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Raw counts of one book; `figuresOf` turns counts (of one book or summed over books) into figures. */
export function countsOf(kit, run, truth, rawPageTexts) {
  const { book, chapters } = run;
  const body = bodyPagesOf(truth, book.pageCount);
  const runningLines = runningLinesOf(rawPageTexts);
  const indexTerms = truth?.indexPages.length
    ? indexTermsOfPages(truth.indexPages.map((page) => book.pages[page - 1]?.text ?? ''))
    : null;
  const sentencesOf = (markdown) => proseOf(markdown).map((sentence) => sentence.text);
  // Each sentence of the notes, and its words without the formulas the notes show as notation (code spans): a
  // formula set apart as notation stands as the book printed it; formula text run into the words is debris.
  const proseOf = (markdown) =>
    kit.notesProse(markdown).flatMap((line) =>
      kit.analyseSegments([{ text: kit.stripPageCitations(line.text), origin: '', group: 0 }]).map(({ text }) => ({
        text,
        words: [...(line.notation ?? [])]
          .sort((a, b) => b.length - a.length)
          .reduce((words, formula) => words.split(formula).join(' '), text),
        notation: (line.notation ?? []).some((formula) => text.includes(formula)),
      })),
    );

  const counts = {
    books: 1,
    pages: book.pageCount,
    chapterF1Sum: 0,
    chapterF1Books: 0,
    chapters: chapters.length,
    substantialChapters: 0, // ten pages or more
    noteSentences: 0,
    notesWithNotation: 0,
    wholeSentences: 0,
    gluedNumbers: 0,
    formulaOrCode: 0,
    exercisePrompts: 0,
    exampleBound: 0,
    pageFurniture: 0,
    repeatedPoints: 0,
    topics: 0,
    topicsCheckedAgainstIndex: 0,
    topicsInIndex: 0,
    genericTopics: 0,
    cards: 0,
    clozeCards: 0,
    cardsOnCitedPage: 0,
    duplicateCards: 0,
    matterCards: 0,
    shortAnswerCards: 0, // answers of five words or fewer
    shortAnswersCheckedAgainstIndex: 0,
    shortAnswersInIndex: 0,
    genericAnswerCards: 0,
    substantialChapterCards: 0,
    substantialChaptersUnder20Cards: 0,
    quizQuestions: 0,
    quizKeysOnCitedPage: 0,
    quizSameKind: 0,
    quizQuotingBook: 0,
    substantialChapterQuestions: 0,
    substantialChaptersUnder10Questions: 0,
    eli12Texts: 0,
    eli12NotExplained: 0,
    eli12Grades: [],
    eli12Sentences: 0,
    eli12Copied: 0,
    ingestionMs: run.timings.ingestionMs,
    kitMs: run.timings.kitMs,
    kitCpuMs: run.timings.kitCpuMs,
  };
  if (truth?.chapters.length) {
    counts.chapterF1Sum = boundaryF1(book.chapters, truth.chapters, { similarity: kit.titleSimilarity }).f1;
    counts.chapterF1Books = 1;
  }
  // A few examples of each fault, for reading (--show): the bench counts, a reader judges.
  const samples = {};
  const sample = (kind, text) => {
    const list = (samples[kind] ??= []);
    if (list.length < 6) list.push(text);
  };
  const cardKeys = new Map();
  for (const entry of chapters) {
    const { chapter } = entry;
    const pages = book.pages.slice(chapter.startPage - 1, chapter.endPage);
    const pageOf = (label) => pages.find((page) => page.label === label) ?? null;
    // A chapter the manifest counts as front or back matter (a preface, the references) is not one to study.
    const bodyChapter = body ? pages.filter((page) => body.has(page.number)).length / pages.length >= 0.5 : true;
    const substantial = pages.length >= 10 && bodyChapter;
    if (substantial) counts.substantialChapters += 1;

    // Notes
    const prose = proseOf(entry.notes);
    const sentences = prose.map((sentence) => sentence.text);
    counts.noteSentences += sentences.length;
    counts.notesWithNotation += prose.filter((sentence) => sentence.notation).length;
    for (const { text: sentence, words } of prose) {
      const problem = kit.sentenceProblem(sentence);
      if (!problem) counts.wholeSentences += 1;
      else sample('not a whole sentence', `[${problem}] ${sentence}`);
      const debris = [
        ['gluedNumbers', hasGluedNumber(sentence)],
        ['formulaOrCode', hasFormula(words) || hasCode(words)],
        ['exercisePrompts', isExercisePrompt(sentence)],
        ['exampleBound', isExampleBound(sentence)],
      ];
      for (const [kind, found] of debris)
        if (found) {
          counts[kind] += 1;
          sample(kind, sentence);
        }
    }
    counts.repeatedPoints += countRepeats(sentences);

    // Topics
    counts.topics += entry.topics.length;
    for (const topic of entry.topics) {
      const key = termKey(topic.title);
      const indexed = indexTerms?.has(key) ?? false;
      if (indexTerms) {
        counts.topicsCheckedAgainstIndex += 1;
        if (indexed) counts.topicsInIndex += 1;
        else sample('topic not in the index', topic.title);
      }
      if (genericWords.has(key) && !indexed) {
        counts.genericTopics += 1;
        sample('generic topic', topic.title);
      }
    }

    // Cards
    counts.cards += entry.cards.length;
    if (substantial) {
      counts.substantialChapterCards += entry.cards.length;
      if (entry.cards.length < 20) counts.substantialChaptersUnder20Cards += 1;
    }
    // Running heads and feet anywhere a student reads: notes, cards, quiz questions, ELI12.
    const furniture = (text) => {
      if (!hasFurniture(text, runningLines)) return;
      counts.pageFurniture += 1;
      sample('pageFurniture', text);
    };
    for (const sentence of sentences) furniture(sentence);
    for (const card of entry.cards) furniture(`${card.front} ${card.back}`);
    for (const question of entry.quiz) furniture([question.prompt, ...question.options].join(' '));
    for (const { text } of entry.eli12) furniture(text);
    for (const card of entry.cards) {
      if (card.kind === 'cloze') counts.clozeCards += 1;
      if (card.back.trim().split(/\s+/).length <= 5) {
        const key = termKey(card.back);
        const indexed = indexTerms?.has(key) ?? false;
        counts.shortAnswerCards += 1;
        if (indexTerms) {
          counts.shortAnswersCheckedAgainstIndex += 1;
          if (indexed) counts.shortAnswersInIndex += 1;
        }
        if (genericWords.has(key) && !indexed) {
          counts.genericAnswerCards += 1;
          sample('card with a generic answer', `${card.front} -> ${card.back}`);
        }
      }
      const page = pageOf(card.pageLabel);
      const inBody = page && (!body || body.has(page.number));
      if (page && !inBody) {
        counts.matterCards += 1;
        sample('card from front or back matter', `${card.front} -> ${card.back} (p. ${card.pageLabel})`);
      }
      if (inBody && standsOn(card.back, page.text)) counts.cardsOnCitedPage += 1;
      else if (inBody || !page)
        sample('card answer not on its page', `${card.front} -> ${card.back} (p. ${card.pageLabel})`);
      const front = matchText(card.front).trim();
      const back = matchText(card.back).trim();
      const same = cardKeys.get(front) ?? cardKeys.get(`${back}|${front.split(' ').slice(0, 6).join(' ')}`);
      if (same) {
        counts.duplicateCards += 1;
        sample('duplicate card', `${card.front} -> ${card.back}`);
      }
      cardKeys.set(front, true);
      cardKeys.set(`${back}|${front.split(' ').slice(0, 6).join(' ')}`, true);
    }

    // Quiz
    counts.quizQuestions += entry.quiz.length;
    if (substantial) {
      counts.substantialChapterQuestions += entry.quiz.length;
      if (entry.quiz.length < 10) counts.substantialChaptersUnder10Questions += 1;
    }
    for (const question of entry.quiz) {
      const key = question.options[question.answer] ?? '';
      const page = pageOf(question.pageLabel);
      if (page && standsOn(key, page.text)) counts.quizKeysOnCitedPage += 1;
      else sample('quiz key not on its page', `${question.prompt} -> ${key} (p. ${question.pageLabel})`);
      const kind = optionKind(key);
      if (question.options.every((option) => optionKind(option) === kind)) counts.quizSameKind += 1;
      else sample('quiz options of mixed kinds', question.options.map((o) => `${o} [${optionKind(o)}]`).join(' | '));
      if (quotesTheBook(question.prompt)) counts.quizQuotingBook += 1;
    }

    // ELI12
    const chapterText = matchText(pages.map((page) => page.text).join('\n'));
    const chapterGrams = new Set(gramsOf(chapterText.trim().split(' '), 5));
    for (const { text } of entry.eli12) {
      if (!text.trim()) continue;
      counts.eli12Texts += 1;
      // "The book names X here but does not explain it …": no explanation, so neither its grade nor its sentences
      // count (its short sentences would read as an easy, uncopied explanation); it is counted on its own.
      if (saysItCannotExplain(text)) {
        counts.eli12NotExplained += 1;
        sample('ELI12 that says the book does not explain the topic', text);
        continue;
      }
      counts.eli12Grades.push(kit.fleschKincaidGrade(text));
      for (const sentence of sentencesOf(text)) {
        counts.eli12Sentences += 1;
        if (isCopied(sentence, chapterText, chapterGrams)) {
          counts.eli12Copied += 1;
          sample('ELI12 sentence copied from the book', sentence);
        }
      }
    }
  }
  return { ...counts, samples };
}

/** Counts of several books added up (micro-averages: every sentence, card and question weighs the same). */
export function sumCounts(list) {
  const total = {};
  for (const counts of list)
    for (const [name, value] of Object.entries(counts))
      if (typeof value === 'number' || Array.isArray(value))
        total[name] = Array.isArray(value) ? [...(total[name] ?? []), ...value] : (total[name] ?? 0) + value;
  return total;
}

const pct = (part, whole) => {
  const value = ratio(part, whole);
  return value === null ? null : Math.round(value * 1000) / 10;
};
const round = (value, digits = 2) => (value === null || !Number.isFinite(value) ? null : +value.toFixed(digits));

/** The figures the bench prints, stores and checks (percentages 0-100). */
export function figuresOf(c) {
  const totalMs = c.ingestionMs + c.kitMs;
  return {
    chapterF1: c.chapterF1Books ? round(c.chapterF1Sum / c.chapterF1Books, 3) : null,
    notesWholeSentencesPct: pct(c.wholeSentences, c.noteSentences),
    notesSentences: c.noteSentences,
    notesWithNotation: c.notesWithNotation,
    debrisGluedNumbers: c.gluedNumbers,
    debrisFormulaOrCode: c.formulaOrCode,
    debrisExercisePrompts: c.exercisePrompts,
    debrisExampleBound: c.exampleBound,
    debrisPageFurniture: c.pageFurniture,
    debrisRepeatedPoints: c.repeatedPoints,
    topicsPerChapter: round(ratio(c.topics, c.chapters), 1),
    topicsInIndexPct: pct(c.topicsInIndex, c.topicsCheckedAgainstIndex),
    topicsGeneric: c.genericTopics,
    cardsPerChapter: round(ratio(c.cards, c.chapters), 1),
    cardsPerSubstantialChapter: round(ratio(c.substantialChapterCards, c.substantialChapters), 1),
    substantialChaptersUnder20Cards: c.substantialChaptersUnder20Cards,
    cardsOnCitedPagePct: pct(c.cardsOnCitedPage, c.cards),
    cardsClozePct: pct(c.clozeCards, c.cards),
    cardsDuplicate: c.duplicateCards,
    cardsFromMatter: c.matterCards,
    cardsShortAnswerInIndexPct: pct(c.shortAnswersInIndex, c.shortAnswersCheckedAgainstIndex),
    cardsGenericAnswers: c.genericAnswerCards,
    quizPerChapter: round(ratio(c.quizQuestions, c.chapters), 1),
    quizPerSubstantialChapter: round(ratio(c.substantialChapterQuestions, c.substantialChapters), 1),
    substantialChaptersUnder10Questions: c.substantialChaptersUnder10Questions,
    quizKeysOnCitedPagePct: pct(c.quizKeysOnCitedPage, c.quizQuestions),
    quizSameKindPct: pct(c.quizSameKind, c.quizQuestions),
    quizQuotingBookPct: pct(c.quizQuotingBook, c.quizQuestions),
    eli12GradeMedian: round(median(c.eli12Grades), 1),
    eli12CopiedPct: pct(c.eli12Copied, c.eli12Sentences),
    eli12Texts: c.eli12Texts,
    eli12NotExplained: c.eli12NotExplained,
    ingestionSecPer100Pages: round((c.ingestionMs / 1000 / c.pages) * 100, 2),
    kitSecPer100Pages: round((c.kitMs / 1000 / c.pages) * 100, 2),
    kitCpuSecPer100Pages: round((c.kitCpuMs / 1000 / c.pages) * 100, 2),
    wholeKitSecPer100Pages: round((totalMs / 1000 / c.pages) * 100, 2),
    wholeKitSecFor300Pages: round((totalMs / 1000 / c.pages) * 300, 1),
  };
}
