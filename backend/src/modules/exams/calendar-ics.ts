import type { PlanDay } from '@chapterwise/shared';
import { addDays } from './local-date.js';

/* RFC 5545 iCalendar text: CRLF line ends, content lines folded at 75 octets, TEXT values escaped. */

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line so no line exceeds 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > MAX_LINE_OCTETS) {
      out.push(current);
      // A continuation line starts with one space, which counts toward its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

/** A UTC date-time in iCalendar's basic form: 20261218T090000Z. */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function icsDate(date: string): string {
  return date.replace(/-/g, '');
}

export interface CalendarExam {
  id: string;
  name: string;
  examAt: Date;
}

export interface CalendarOptions {
  /** DTSTAMP: when the file is made. */
  now: Date;
  /** Title of each chapter, for the events' descriptions. */
  chapterTitles: Map<string, string>;
  /** Absolute link to the exam's page in the dashboard, when the server knows its public URL. */
  url?: string;
}

function describeDay(day: PlanDay, titles: Map<string, string>): string {
  const lines: string[] = [];
  for (const item of day.reading) {
    const title = titles.get(item.chapter_id) ?? item.title;
    const pages =
      item.start_page === item.end_page ? `page ${item.start_page}` : `pages ${item.start_page}-${item.end_page}`;
    lines.push(`Read ${title} (${pages}, about ${item.minutes} min)`);
  }
  if (day.reviews > 0)
    lines.push(`Review ${day.reviews} flashcard${day.reviews === 1 ? '' : 's'} (about ${day.review_minutes} min)`);
  if (day.practice) lines.push(`Practice exam (about ${day.practice_minutes} min)`);
  if (day.note) lines.push(day.note);
  return lines.join('\n');
}

/** The plan as a calendar: one all-day event per day with work, and the exam itself at its time. */
export function planCalendar(exam: CalendarExam, days: PlanDay[], options: CalendarOptions): string {
  const stamp = icsDateTime(options.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ChapterWise//Exam plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`Study plan: ${exam.name}`)}`,
  ];
  for (const day of days) {
    if (day.minutes <= 0) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${exam.id}-${icsDate(day.date)}@chapterwise`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(day.date)}`,
      `DTEND;VALUE=DATE:${icsDate(addDays(day.date, 1))}`,
      `SUMMARY:${escapeText(`Study for ${exam.name} (${day.minutes} min)`)}`,
      `DESCRIPTION:${escapeText(describeDay(day, options.chapterTitles))}`,
      'TRANSP:TRANSPARENT',
      ...(options.url ? [`URL:${options.url}`] : []),
      'END:VEVENT',
    );
  }
  lines.push(
    'BEGIN:VEVENT',
    `UID:${exam.id}-exam@chapterwise`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDateTime(exam.examAt)}`,
    `SUMMARY:${escapeText(`Exam: ${exam.name}`)}`,
    ...(options.url ? [`URL:${options.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  );
  return lines.map(foldLine).join(CRLF) + CRLF;
}
