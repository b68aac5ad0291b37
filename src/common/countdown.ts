import { DEFAULT_RALLY_TIME_ZONE } from './rally-time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;

// Made once per zone: building a formatter costs far more than using one, and the server asks for
// today's date on every page it sends (its season phase keys the kept pages).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let made = dayFormatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, made);
  }
  return made;
}

/**
 * Today's calendar date (YYYY-MM-DD) in the rally's time zone (the setting `timeZone`): a rally day
 * and the countdown turn over at midnight there, not in UTC.
 */
export function localDate(now: Date, timeZone: string = DEFAULT_RALLY_TIME_ZONE): string {
  return dayFormatter(timeZone).format(now);
}

function dayNumber(isoDate: string): number {
  // A part that is missing gives NaN, as Number(undefined) would.
  const [y = NaN, m = NaN, d = NaN] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Whole days from today until the target date (YYYY-MM-DD); 0 on the day and ever after. */
export function daysUntil(targetDate: string, now: Date, timeZone?: string): number {
  return Math.max(0, dayNumber(targetDate) - dayNumber(localDate(now, timeZone)));
}
