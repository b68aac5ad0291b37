/** The rally's home time zone: the countdown turns over at midnight in Jersey, not in UTC. */
const RALLY_TIME_ZONE = 'Europe/London';
const DAY_MS = 24 * 60 * 60 * 1000;

// Made once: building a formatter costs far more than using one, and the server asks for today's
// date on every page it sends (its season phase keys the kept pages).
const RALLY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: RALLY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar date (YYYY-MM-DD) in the rally's time zone. */
export function localDate(now: Date): string {
  return RALLY_DAY.format(now);
}

function dayNumber(isoDate: string): number {
  // A part that is missing gives NaN, as Number(undefined) would.
  const [y = NaN, m = NaN, d = NaN] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Whole days from today until the target date (YYYY-MM-DD); 0 on the day and ever after. */
export function daysUntil(targetDate: string, now: Date): number {
  return Math.max(0, dayNumber(targetDate) - dayNumber(localDate(now)));
}
