import type { QuestionKind } from '@chapterwise/shared';
import type { FlashcardDraft, QuizQuestionDraft } from '../../providers/llm/study-engine.port.js';
import type { PrintedAnswer } from './book-answers.js';
import { matchAnswers, numberedExercises } from './book-exercises.js';

/*
 * A chapter's question bank, made from what the studio drafts (flashcards and quiz questions) and from the book's
 * own review questions and exercises. A question enters only when its key stands on the page it cites.
 */

export interface BankPage {
  /** Physical PDF page, 1-based. */
  number: number;
  label: string;
  text: string;
}

export interface QuestionCandidate {
  kind: QuestionKind;
  prompt: string;
  options: string[];
  answer: number | null;
  answerText: string;
  explanation: string;
  page: number;
  pageLabel: string;
  source: 'generated' | 'book';
  /** A book exercise's printed answer: the page it stands on and its label (none for other questions). */
  answerPage?: number | null;
  answerPageLabel?: string | null;
}

const OPTIONS = 4;
/** Questions a chapter of ten or more pages should have in its bank. */
export const MIN_QUESTIONS_PER_CHAPTER = 15;
const STOP_WORDS = new Set(
  'the a an of and or to in on at by for with from as is are was were be been that this these those its it their which into than then'.split(
    ' ',
  ),
);

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The key's words are on the page: the whole key, or (for a longer key) at least 80% of its content words. */
export function keyStandsOnPage(key: string, pageText: string): boolean {
  const keyNorm = normalize(key);
  if (!keyNorm) return false;
  const page = ` ${normalize(pageText)} `;
  if (page.includes(` ${keyNorm} `)) return true;
  const words = keyNorm.split(' ').filter((word) => word.length > 2 && !STOP_WORDS.has(word));
  if (words.length < 3) return false;
  const pageWords = new Set(page.split(' '));
  return words.filter((word) => pageWords.has(word)).length / words.length >= 0.8;
}

function stableHash(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function wordCount(text: string): number {
  return normalize(text).split(' ').filter(Boolean).length;
}

/**
 * Three wrong options for `key`: other answers of the chapter and book of about the same length, none the key
 * itself or named in the prompt; the same inputs always give the same options in the same order.
 */
export function distractorsFor(key: string, prompt: string, pool: string[]): string[] | null {
  const keyNorm = normalize(key);
  const promptNorm = ` ${normalize(prompt)} `;
  const keyWords = wordCount(key);
  const seen = new Set([keyNorm]);
  const candidates = pool
    .filter((candidate) => {
      const norm = normalize(candidate);
      if (
        !norm ||
        seen.has(norm) ||
        promptNorm.includes(` ${norm} `) ||
        norm.includes(keyNorm) ||
        keyNorm.includes(norm)
      )
        return false;
      seen.add(norm);
      return true;
    })
    .sort(
      (a, b) =>
        Math.abs(wordCount(a) - keyWords) - Math.abs(wordCount(b) - keyWords) ||
        stableHash(key + a) - stableHash(key + b),
    );
  return candidates.length >= OPTIONS - 1 ? candidates.slice(0, OPTIONS - 1) : null;
}

/** The key among the distractors at a place fixed by the prompt (so a rebuilt bank asks the same way). */
function placeKey(prompt: string, key: string, distractors: string[]): { options: string[]; answer: number } {
  const answer = stableHash(prompt) % OPTIONS;
  const options = [...distractors];
  options.splice(answer, 0, key);
  return { options, answer };
}

const DEFINITION_FRONT = /^What (is|are) ((?:the |an? )?(.+?))\?$/i;
const LEADING_ARTICLE = /^(?:A|An|The|One|Each|Every|Any|Some|This|These|Those)\b/;

function lowerFirst(text: string): string {
  // "The process by which…" reads on after "X is"; an acronym or a name ("ATP", "Darwin") keeps its capital.
  return LEADING_ARTICLE.test(text) || /^[A-Z][a-z]+\b(?! [A-Z])/.test(text)
    ? text[0]!.toLowerCase() + text.slice(1)
    : text;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const EXERCISE_HEADING =
  /^(?:review questions|questions(?: for (?:review|discussion))?|exercises?|problems|check your understanding|self[- ]?test|test yourself|discussion questions|study questions)\b/i;
const NUMBERED_ITEM = /^\(?(\d{1,2}|[a-h])[.)]\s+(.{12,400})$/;
const IMPERATIVE =
  /^(?:explain|describe|define|compare|contrast|discuss|list|name|why|how|what|which|when|where|who|give|show|outline|state|calculate|prove)\b/i;

/** The book's own review questions and exercises on a page: numbered items under such a heading, or numbered questions. */
export function bookExercises(page: BankPage): QuestionCandidate[] {
  const lines = page.text
    .split(/\r?\n|\s(?=\(?\d{1,2}[.)]\s+[A-Z])/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const found: QuestionCandidate[] = [];
  let underHeading = false;
  for (const line of lines) {
    if (EXERCISE_HEADING.test(line) && line.length < 60) {
      underHeading = true;
      continue;
    }
    const item = NUMBERED_ITEM.exec(line);
    if (!item) continue;
    const text = item[2]!.trim();
    // Numbered notes and references (a source's title, a link) are not exercises.
    if (/https?:|www\.|[“”"]/.test(text)) continue;
    const isQuestion = text.endsWith('?');
    if (!(isQuestion || (underHeading && IMPERATIVE.test(text)))) continue;
    if (!IMPERATIVE.test(text) && !isQuestion) continue;
    found.push({
      kind: 'book_exercise',
      prompt: text,
      options: [],
      answer: null,
      answerText: '',
      explanation: `From the book's own ${underHeading ? 'review questions' : 'questions'} on page ${page.label}.`,
      page: page.number,
      pageLabel: page.label,
      source: 'book',
    });
  }
  return found;
}

export interface BankInput {
  pages: BankPage[];
  cards: FlashcardDraft[];
  quiz: QuizQuestionDraft[];
  /** Answers of other chapters of the book, for wrong options when the chapter has too few of its own. */
  bookAnswers: string[];
  /** The number the book prints for the chapter ("3", "A"), for exercises it numbers within the chapter. */
  chapterLabel?: string | null;
  /** The answers the book prints to its exercises (its answers part and the chapter's own), by their numbers. */
  printedAnswers?: PrintedAnswer[];
}

/** What a book exercise's explanation says of the book's answer to it. */
export function bookAnswerExplanation(pageLabel: string): string {
  return `The book's answer, p. ${pageLabel}.`;
}

/** Every question the studio's drafts and the book's pages give for one chapter, checked against their pages. */
export function buildChapterQuestions(input: BankInput): QuestionCandidate[] {
  const pageByLabel = new Map<string, BankPage>();
  for (const page of input.pages) if (!pageByLabel.has(page.label)) pageByLabel.set(page.label, page);
  const questions: QuestionCandidate[] = [];
  const asked = new Set<string>();
  const add = (candidate: QuestionCandidate, key: string) => {
    const page = input.pages.find((candidatePage) => candidatePage.number === candidate.page);
    if (!page || !keyStandsOnPage(key, page.text)) return;
    const fingerprint = `${candidate.kind}:${normalize(candidate.prompt)}`;
    if (asked.has(fingerprint)) return;
    asked.add(fingerprint);
    questions.push(candidate);
  };

  for (const draft of input.quiz) {
    const page = pageByLabel.get(draft.pageLabel);
    const key = draft.options[draft.answer];
    if (!page || key === undefined) continue;
    add(
      {
        // "Which term completes the sentence: “… called _____.”" is a cloze, offered with the quiz's options.
        kind: draft.prompt.includes('_____') ? 'cloze' : 'multiple_choice',
        prompt: draft.prompt,
        options: draft.options,
        answer: draft.answer,
        answerText: key,
        explanation: draft.explanation,
        page: page.number,
        pageLabel: page.label,
        source: 'generated',
      },
      key,
    );
  }

  const pool = [
    ...input.cards.map((card) => card.back),
    ...input.quiz.flatMap((draft) => draft.options),
    ...input.bookAnswers,
  ];
  const definitions = input.cards.flatMap((card) => {
    const match = card.kind === 'qa' ? DEFINITION_FRONT.exec(card.front.trim()) : null;
    // "What is the name for…" asks for a term, not a definition.
    return match && !/^name\b/i.test(match[3]!) && wordCount(card.back) >= 4
      ? [{ card, term: match[2]!, verb: match[1]!.toLowerCase() }]
      : [];
  });
  // A card the quiz already asks (its sentence is in a quiz prompt) would be the same question twice.
  const quizPrompts = input.quiz.map((draft) => ` ${normalize(draft.prompt)} `);
  for (const card of input.cards) {
    const page = pageByLabel.get(card.pageLabel);
    if (!page) continue;
    const front = ` ${normalize(card.front)} `;
    if (quizPrompts.some((prompt) => prompt.includes(front))) continue;
    const distractors = distractorsFor(card.back, card.front, pool);
    if (!distractors) continue;
    const { options, answer } = placeKey(card.front, card.back, distractors);
    add(
      {
        kind: card.kind === 'cloze' ? 'cloze' : 'multiple_choice',
        prompt: card.front,
        options,
        answer,
        answerText: card.back,
        explanation:
          card.kind === 'cloze'
            ? sentence(card.front.replace('_____', card.back))
            : sentence(`${card.front} ${card.back}`),
        page: page.number,
        pageLabel: page.label,
        source: 'generated',
      },
      card.back,
    );
  }

  // True/false from the definitions: every other one is stated with the definition of another term.
  definitions.forEach(({ card, term, verb }, index) => {
    const page = pageByLabel.get(card.pageLabel);
    if (!page) return;
    const other = definitions.length > 1 ? definitions[(index + 1) % definitions.length]! : undefined;
    const stateFalse =
      other !== undefined && stableHash(card.front) % 2 === 1 && normalize(other.card.back) !== normalize(card.back);
    const definition = stateFalse ? other.card.back : card.back;
    const truth = sentence(`${upperFirst(term)} ${verb} ${lowerFirst(card.back)}`);
    add(
      {
        kind: 'true_false',
        prompt: sentence(`${upperFirst(term)} ${verb} ${lowerFirst(definition)}`),
        options: ['True', 'False'],
        answer: stateFalse ? 1 : 0,
        answerText: stateFalse ? 'False' : 'True',
        explanation: stateFalse ? `False: ${truth}` : truth,
        page: page.number,
        pageLabel: page.label,
        source: 'generated',
      },
      card.back,
    );
  });

  // The exercises the book numbers (under its "Exercises" headings), each with the book's answer where it prints one;
  // a page without such a list keeps the questions its lines look like.
  const numbered = numberedExercises(input.pages, input.chapterLabel ?? null);
  const printed = matchAnswers(numbered, input.printedAnswers ?? []);
  const listed = new Set<string>();
  numbered.forEach((exercise, index) => {
    const page = pageByLabel.get(exercise.pageLabel);
    if (!page) return;
    listed.add(page.label);
    const answer = printed[index];
    add(
      {
        kind: 'book_exercise',
        prompt: exercise.prompt,
        options: [],
        answer: null,
        answerText: answer?.text ?? '',
        explanation: answer
          ? bookAnswerExplanation(answer.pageLabel)
          : `From the book's own exercises on page ${page.label}; the book prints no answer to it.`,
        page: page.number,
        pageLabel: page.label,
        source: 'book',
        answerPage: answer?.page ?? null,
        answerPageLabel: answer?.pageLabel ?? null,
      },
      exercise.opening,
    );
  });
  for (const page of input.pages) {
    if (listed.has(page.label)) continue;
    for (const exercise of bookExercises(page)) add(exercise, exercise.prompt);
  }

  // A chapter short of the bank's minimum gets true/false statements of its cloze sentences: the sentence as the
  // book has it (true) or with another answer in the gap (false).
  for (const card of input.cards) {
    if (questions.length >= MIN_QUESTIONS_PER_CHAPTER) break;
    if (card.kind !== 'cloze') continue;
    const page = pageByLabel.get(card.pageLabel);
    const wrong = distractorsFor(card.back, card.front, pool)?.[0];
    if (!page || !wrong) continue;
    const truth = sentence(card.front.replace('_____', card.back));
    const stateFalse = stableHash(card.front) % 2 === 1;
    add(
      {
        kind: 'true_false',
        prompt: stateFalse ? sentence(card.front.replace('_____', wrong)) : truth,
        options: ['True', 'False'],
        answer: stateFalse ? 1 : 0,
        answerText: stateFalse ? 'False' : 'True',
        explanation: stateFalse ? `False: ${truth}` : truth,
        page: page.number,
        pageLabel: page.label,
        source: 'generated',
      },
      card.back,
    );
  }
  return questions;
}

function upperFirst(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Fingerprint of a question in a chapter: a rebuilt bank does not add what the chapter already asks. */
export function questionFingerprint(kind: QuestionKind, prompt: string): string {
  return `${kind}:${normalize(prompt)}`.slice(0, 500);
}
