import { DEFAULT_RALLY_TIME_ZONE, rallyDate } from './rally-time';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Today's calendar date (YYYY-MM-DD) in the rally's time zone (the setting `timeZone`): a rally day
 * and the countdown turn over at midnight there, not in UTC.
 */
export function localDate(now: Date, timeZone: string = DEFAULT_RALLY_TIME_ZONE): string {
  return rallyDate(now, timeZone);
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
