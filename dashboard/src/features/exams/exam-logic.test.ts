import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exam, ids, planDay, question } from '../../test/exam-fixtures.js';
import { countByBook, toggleChapters } from './chapter-picker.js';
import { countdownLabel, daysUntil, formatMinutes, fromLocalInput, toLocalInput } from './exam-dates.js';
import { examDraftErrors } from './exam-form-page.js';
import { percent, readinessParts, scoreLabel } from './exam-labels.js';
import { answersOf } from './practice-page.js';
import { practiceRequest, type PracticeDraft } from './practice-setup-page.js';
import { formatClock, secondsLeft, useCountdown } from './practice-timer.js';
import { daySummary, pagesLabel } from './plan-days.js';
import { draftOf, optionsForKind, questionRequest } from './question-form.js';

describe('exam dates', () => {
  const now = new Date(2030, 5, 4, 22, 30);

  it('counts calendar days to the exam in the local time zone, not 24-hour spans', () => {
    expect(daysUntil(new Date(2030, 5, 5, 1, 0).toISOString(), now)).toBe(1);
    expect(daysUntil(new Date(2030, 5, 14, 9, 0).toISOString(), now)).toBe(10);
    expect(daysUntil(new Date(2030, 5, 4, 23, 0).toISOString(), now)).toBe(0);
  });

  it('says Today, Tomorrow, In N days, and Passed once the exam has started', () => {
    expect(countdownLabel(new Date(2030, 5, 4, 23, 0).toISOString(), now)).toBe('Today');
    expect(countdownLabel(new Date(2030, 5, 5, 9, 0).toISOString(), now)).toBe('Tomorrow');
    expect(countdownLabel(new Date(2030, 5, 16, 9, 0).toISOString(), now)).toBe('In 12 days');
    expect(countdownLabel(new Date(2030, 5, 4, 22, 0).toISOString(), now)).toBe('Passed');
  });

  it('turns a datetime-local value into the same instant and back', () => {
    const iso = fromLocalInput('2030-06-14T09:05');
    expect(iso).toBe(new Date(2030, 5, 14, 9, 5).toISOString());
    expect(toLocalInput(iso!)).toBe('2030-06-14T09:05');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('14/06/2030 09:05')).toBeNull();
  });

  it('writes minutes as a student reads them', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(80)).toBe('1 h 20 min');
  });
});

describe('exam form', () => {
  const valid = {
    name: 'Biology midterm',
    examAt: '2030-06-14T09:00',
    dailyMinutes: '60',
    chosen: new Map([[ids.chapter1, ids.book]]),
  };
  const now = new Date(2030, 5, 1);

  it('accepts a whole draft', () => {
    expect(examDraftErrors(valid, now)).toEqual({});
  });

  it('names each field to fix', () => {
    const errors = examDraftErrors(
      { name: ' ', examAt: '2030-05-01T09:00', dailyMinutes: '5', chosen: new Map() },
      now,
    );
    expect(errors).toEqual({
      name: 'Give the exam a name.',
      examAt: 'The exam must be in the future.',
      dailyMinutes: 'Study time is a whole number of minutes from 10 to 720.',
      chapters: 'Choose at least one chapter.',
    });
    expect(examDraftErrors({ ...valid, dailyMinutes: '45.5' }, now).dailyMinutes).toBeDefined();
    expect(examDraftErrors({ ...valid, examAt: '' }, now).examAt).toBe('Choose the date and time of the exam.');
  });

  it('keeps chapters of several books and counts them per book', () => {
    let chosen = toggleChapters(new Map(), ids.book, [ids.chapter1, ids.chapter2], true);
    chosen = toggleChapters(chosen, ids.otherBook, [ids.chapter3], true);
    chosen = toggleChapters(chosen, ids.book, [ids.chapter2], false);
    expect([...chosen.keys()]).toEqual([ids.chapter1, ids.chapter3]);
    expect(countByBook(chosen)).toEqual(
      new Map([
        [ids.book, 1],
        [ids.otherBook, 1],
      ]),
    );
  });
});

describe('practice exam settings', () => {
  const draft: PracticeDraft = {
    questions: '30',
    timed: false,
    minutes: '20',
    chapterIds: new Set([ids.chapter1, ids.chapter2]),
  };
  const subject = exam();

  it('asks for the whole exam without a chapter list when every chapter is ticked', () => {
    expect(practiceRequest(draft, subject)).toEqual({ body: { questions: 30 } });
  });

  it('sends the time limit in seconds and the chapters when narrowed', () => {
    expect(practiceRequest({ ...draft, timed: true, chapterIds: new Set([ids.chapter2]) }, subject)).toEqual({
      body: { questions: 30, time_limit_s: 1200, chapter_ids: [ids.chapter2] },
    });
  });

  it('keeps the number of questions within 10-100 and the time limit within 1-360 minutes', () => {
    expect(practiceRequest({ ...draft, questions: '9' }, subject)).toMatchObject({ field: 'questions' });
    expect(practiceRequest({ ...draft, questions: '101' }, subject)).toMatchObject({ field: 'questions' });
    expect(practiceRequest({ ...draft, questions: '100' }, subject)).toEqual({ body: { questions: 100 } });
    expect(practiceRequest({ ...draft, timed: true, minutes: '0.5' }, subject)).toMatchObject({ field: 'minutes' });
    expect(practiceRequest({ ...draft, chapterIds: new Set() }, subject)).toMatchObject({ field: 'chapters' });
  });

  it('sends only the answered questions, in the order asked', () => {
    const practice = {
      questions: [{ id: ids.question1 }, { id: ids.question2 }, { id: ids.question3 }],
    } as Parameters<typeof answersOf>[0];
    expect(answersOf(practice, { [ids.question3]: 1, [ids.question1]: 0 })).toEqual([
      { question_id: ids.question1, choice: 0 },
      { question_id: ids.question3, choice: 1 },
    ]);
  });
});

describe('practice countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('formats the time left', () => {
    expect(formatClock(245)).toBe('4:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-3)).toBe('0:00');
    expect(secondsLeft(10_500, 10_000)).toBe(1);
  });

  it('ticks down from the deadline and submits once at zero', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const onZero = vi.fn();
    const { result } = renderHook(() => useCountdown(1_000_000 + 3_000, onZero));
    expect(result.current).toBe(3);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(result.current).toBe(1);
    expect(onZero).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(0);
    expect(onZero).toHaveBeenCalledTimes(1);
  });

  it('runs no clock without a time limit', () => {
    const onZero = vi.fn();
    const { result } = renderHook(() => useCountdown(null, onZero));
    expect(result.current).toBeNull();
    expect(onZero).not.toHaveBeenCalled();
  });
});

describe('question form', () => {
  it('makes a multiple-choice question whose answer text is the right option', () => {
    const draft = { ...draftOf(question()), answer: 2, pageLabel: ' 3 ' };
    expect(questionRequest(draft)).toEqual({
      body: expect.objectContaining({
        answer: 2,
        answer_text: 'Evaporation',
        page_label: '3',
        kind: 'multiple_choice',
      }),
    });
  });

  it('asks for the right option, the options and the page', () => {
    const draft = draftOf(question());
    expect(questionRequest({ ...draft, answer: null })).toEqual({ problem: 'Mark the right option.' });
    expect(questionRequest({ ...draft, options: ['A', ' ', 'C'] })).toEqual({
      problem: 'Fill in every option, or remove the empty ones.',
    });
    expect(questionRequest({ ...draft, pageLabel: '' })).toEqual({ problem: 'Give the page where the answer stands.' });
    expect(questionRequest({ ...draft, options: ['Same', 'same'], answer: 0 })).toEqual({
      problem: 'Two options are the same',
    });
  });

  it('gives true/false its two fixed options and a book exercise none', () => {
    expect(optionsForKind('true_false', ['a', 'b'])).toEqual(['True', 'False']);
    expect(optionsForKind('book_exercise', ['a', 'b'])).toEqual([]);
    expect(optionsForKind('cloze', ['True', 'False'])).toEqual(['', '', '', '']);
    const exercise = { ...draftOf(question()), kind: 'book_exercise' as const, answerText: 'See p. 3' };
    expect(questionRequest(exercise)).toEqual({
      body: expect.objectContaining({ options: [], answer: null, answer_text: 'See p. 3' }),
    });
  });

  it("edits a book exercise without the reading's note on its answer, and keeps other explanations", () => {
    const bookExercise = question({
      kind: 'book_exercise',
      options: [],
      answer: null,
      answer_text: '(a) {3}.',
      explanation: "The book's answer, p. 231.",
      source: 'book',
    });
    expect(draftOf(bookExercise).explanation).toBe('');
    expect(draftOf({ ...bookExercise, source: 'student', explanation: 'Mine.' }).explanation).toBe('Mine.');
    expect(draftOf(question()).explanation).toBe(question().explanation);
  });
});

describe('labels', () => {
  it('shows readiness as its three parts', () => {
    const parts = readinessParts({
      recall: 0.5,
      recall_weight: 0.5,
      cards_total: 24,
      chapters_read: 1,
      chapters_total: 2,
      chapters_read_weight: 0.25,
      last_practice_score: null,
      practice_weight: 0.25,
    });
    expect(parts.map((part) => [part.label, part.value, part.detail])).toEqual([
      ['Cards expected recalled at the exam', '50%', 'about 12 of 24 cards'],
      ['Chapters read', '1 of 2', '50%'],
      ['Last practice score', '—', 'no practice exam yet'],
    ]);
    expect(percent(1.3)).toBe(100);
    expect(scoreLabel(21, 30)).toBe('21 of 30 (70%)');
  });

  it('sums up a plan day', () => {
    expect(pagesLabel(3, 3)).toBe('p. 3');
    expect(pagesLabel(3, 9)).toBe('pp. 3–9');
    expect(daySummary(planDay('2030-06-05'))).toBe('rest day');
    expect(
      daySummary(
        planDay('2030-06-05', {
          reading: [
            {
              chapter_id: ids.chapter1,
              book_id: ids.book,
              title: 'The Water Cycle',
              minutes: 9,
              start_page: 1,
              end_page: 3,
              finishes_chapter: true,
            },
          ],
          reviews: 12,
          practice: true,
        }),
      ),
    ).toBe('reading 1 part, 12 reviews, practice exam');
  });
});
