/*
 * The rally's calendar day on its own, as the first visit's pages (the countdown, the season's
 * phase) need only this of the rally's clock: rally-time.ts, the rest of it, stays out of their
 * bundle (scripts/check-bundle.ts).
 */

// Made once per zone: building a formatter costs far more than using one, and the server asks for
// today's date on every page it sends (its season phase keys the kept pages).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) in the rally's zone: a rally day and the countdown turn over at midnight there. */
export function rallyDate(at: Date | string, timeZone: string): string {
  let made = dayFormatters.get(timeZone);
  if (!made)
    dayFormatters.set(timeZone, (made = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return made.format(typeof at === 'string' ? new Date(at) : at);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day after (or `n` days after) a YYYY-MM-DD date. */
export function addDays(isoDay: string, n: number): string {
  const [y = NaN, m = NaN, d = NaN] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}
