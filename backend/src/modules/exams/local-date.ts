/** Calendar days (`YYYY-MM-DD`) in an IANA time zone, and the instants they start at. */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The calendar day an instant falls on in the time zone. */
export function localDate(instant: Date | number, timeZone: string): string {
  const { year, month, day } = wallClock(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(dayNumber(date) * DAY_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

function dayNumber(date: string): number {
  return Math.round(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS,
  );
}

/** The instant a calendar day starts (00:00 local), correct across daylight-saving changes. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const utcMidnight = dayNumber(date) * DAY_MS;
  // The zone's offset at a guess, then again at the corrected instant (the offset may differ across a DST change).
  let instant = utcMidnight;
  for (let pass = 0; pass < 2; pass++) {
    const clock = wallClock(instant, timeZone);
    const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    instant = utcMidnight - (asUtc - instant);
  }
  return new Date(instant);
}

/**
 * Maps instants to day indexes counted from `firstDay`, fast enough for thousands of cards: the start of each day
 * in the range is computed once, then an instant is placed by binary search.
 */
export class DayIndex {
  private readonly starts: number[];

  constructor(
    readonly firstDay: string,
    readonly days: number,
    readonly timeZone: string,
  ) {
    this.starts = Array.from({ length: days + 1 }, (_, index) =>
      startOfLocalDay(addDays(firstDay, index), timeZone).getTime(),
    );
  }

  /** Index of the day the instant falls on: negative before the range, `days` or more after it. */
  of(instant: number): number {
    const starts = this.starts;
    if (instant < starts[0]!) return -1 - Math.floor((starts[0]! - instant - 1) / DAY_MS);
    if (instant >= starts[this.days]!) return this.days + Math.floor((instant - starts[this.days]!) / DAY_MS);
    let low = 0;
    let high = this.days;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= instant) low = middle;
      else high = middle;
    }
    return low;
  }

  startOf(index: number): number {
    return index >= 0 && index <= this.days
      ? this.starts[index]!
      : startOfLocalDay(addDays(this.firstDay, index), this.timeZone).getTime();
  }
}
