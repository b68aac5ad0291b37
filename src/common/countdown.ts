import { rallyDate } from './rally-calendar-day';
import { DEFAULT_RALLY_TIME_ZONE } from './rally-time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(isoDate: string): number {
  // A part that is missing gives NaN, as Number(undefined) would.
  const [y = NaN, m = NaN, d = NaN] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/**
 * Whole days from today until the target date (YYYY-MM-DD); 0 on the day and ever after. Today is the
 * date in the rally's time zone (the setting `timeZone`): the countdown turns over at midnight there.
 */
export function daysUntil(targetDate: string, now: Date, timeZone: string = DEFAULT_RALLY_TIME_ZONE): number {
  return Math.max(0, dayNumber(targetDate) - dayNumber(rallyDate(now, timeZone)));
}
