import { once } from '../../lib/once.js';

const DAY_MS = 86_400_000;

/** Midnight of the local calendar day `date` falls on, as a day number (time zone and DST safe). */
function localDayNumber(date: Date): number {
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}

/** Calendar days from today to the exam's day in the student's time zone: 0 on the day, negative once past. */
export function daysUntil(examAt: string, now: Date = new Date()): number {
  return localDayNumber(new Date(examAt)) - localDayNumber(now);
}

/** "Today", "Tomorrow", "In 12 days", "Passed" (an exam earlier today that has started is "Passed" too). */
export function countdownLabel(examAt: string, now: Date = new Date()): string {
  if (Date.parse(examAt) <= now.getTime()) return 'Passed';
  const days = daysUntil(examAt, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

const examDateFormat = once(
  () =>
    new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const planDayFormat = once(() => new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short' }));

/** "Mon, 14 Dec 2026, 09:00" in the student's time zone. */
export function formatExamAt(examAt: string): string {
  return examDateFormat().format(new Date(examAt));
}

/** A plan day `YYYY-MM-DD` (already in the student's time zone) as "Mon, 14 Dec". */
export function formatPlanDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return planDayFormat().format(new Date(year!, month! - 1, date!));
}

/** Today's date as the plan writes it (`YYYY-MM-DD`, local time). */
export function todayKey(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An instant as the value of `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${todayKey(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of a datetime-local input (local time) as an ISO instant, or null when it is not a date. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes] = match.map(Number);
  const date = new Date(year!, month! - 1, day!, hours!, minutes!);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "45 min", "1 h", "1 h 20 min". */
export function formatMinutes(minutes: number): string {
  const rounded = Math.max(0, Math.round(minutes));
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
