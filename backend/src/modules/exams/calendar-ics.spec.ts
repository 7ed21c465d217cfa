import type { PlanDay } from '@chapterwise/shared';
import { parseIcs, unescapeText } from '../../../test/support/rfc5545.js';
import { escapeText, foldLine, planCalendar } from './calendar-ics.js';

function day(date: string, overrides: Partial<PlanDay> = {}): PlanDay {
  return {
    date,
    minutes: 40,
    reading: [
      {
        chapter_id: 'c1',
        book_id: 'b1',
        title: 'Cells; membranes, and transport',
        minutes: 25,
        start_page: 12,
        end_page: 18,
        finishes_chapter: true,
      },
    ],
    reviews: 30,
    review_minutes: 10,
    review_books: [{ book_id: 'b1', count: 30 }],
    practice: false,
    practice_minutes: 0,
    moved_from: [],
    note: null,
    ...overrides,
  };
}

describe(planCalendar.name, () => {
  const exam = {
    id: '7f7c9f1e-3a52-4c5e-9d55-2a4f0f3b6a10',
    name: 'Biology — final, part 1; with a very long name to force folding',
    examAt: new Date('2026-12-16T08:00:00Z'),
  };
  const days = [
    day('2026-12-14', { note: 'Moved here from missed days: reading of Cells (planned 2026-12-12).' }),
    day('2026-12-15', {
      reading: [],
      practice: true,
      practice_minutes: 30,
      reviews: 0,
      review_minutes: 0,
      minutes: 30,
    }),
    day('2026-12-13', { minutes: 0, reading: [], reviews: 0 }),
  ];
  const ics = planCalendar(exam, days, {
    now: new Date('2026-12-06T10:11:12Z'),
    chapterTitles: new Map([['c1', 'Cells; membranes, and transport']]),
  });

  it('is valid RFC 5545: CRLF, folded at 75 octets, escaped text, a UID and DTSTAMP per event', () => {
    const calendar = parseIcs(ics);
    const events = calendar.components.filter((component) => component.name === 'VEVENT');
    // One event per day with work (the empty day has none), and the exam.
    expect(events).toHaveLength(3);
    const study = events.filter((event) =>
      event.properties.some((p) => p.name === 'DTSTART' && p.params.VALUE === 'DATE'),
    );
    expect(study.map((event) => event.properties.find((p) => p.name === 'DTSTART')!.value)).toEqual([
      '20261214',
      '20261215',
    ]);
    expect(study.map((event) => event.properties.find((p) => p.name === 'DTEND')!.value)).toEqual([
      '20261215',
      '20261216',
    ]);
    const description = unescapeText(study[0]!.properties.find((p) => p.name === 'DESCRIPTION')!.value);
    expect(description).toBe(
      'Read Cells; membranes, and transport (pages 12-18, about 25 min)\nReview 30 flashcards (about 10 min)\nMoved here from missed days: reading of Cells (planned 2026-12-12).',
    );
    const examEvent = events.find((event) =>
      event.properties.some((p) => p.name === 'UID' && p.value.endsWith('-exam@chapterwise')),
    )!;
    expect(examEvent.properties.find((p) => p.name === 'DTSTART')!.value).toBe('20261216T080000Z');
    expect(ics).toContain('DTSTAMP:20261206T101112Z\r\n');
  });

  it('folds by octets, never inside a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((part, index) => (index === 0 ? part : part.slice(1)))
        .join(''),
    ).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });

  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
});
