import { localDate } from '../../../common/countdown';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { HttpError } from '../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day after (or `n` days after) a YYYY-MM-DD date. */
export function addDays(isoDay: string, n: number): string {
  const [y = NaN, m = NaN, d = NaN] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * When the hunt is over, by the rally's calendar: from the day after its last day (the results can
 * be filled from it, and its story told). `open` is whether that day has come.
 */
export function huntOver(rally: Pick<RallySettings, 'rallyEnd'>, now: Date): { opensOn: string; open: boolean } {
  const opensOn = addDays(rally.rallyEnd, 1);
  return { opensOn, open: localDate(now) >= opensOn };
}

export type RallyDay = { day: number; date: string };

/**
 * The season's rally days, numbered from 1 on the first rally day of the settings. A clue keeps its
 * day number, so moving the rally's dates in /admin/settings moves its clues with them.
 */
export function rallyDays(rally: Pick<RallySettings, 'rallyStart' | 'rallyEnd'>): RallyDay[] {
  const days: RallyDay[] = [];
  for (let date = rally.rallyStart, day = 1; date <= rally.rallyEnd && day <= 30; date = addDays(date, 1), day += 1)
    days.push({ day, date });
  return days;
}

export const dateOfDay = (rally: Pick<RallySettings, 'rallyStart'>, day: number) => addDays(rally.rallyStart, day - 1);

/** Today's rally day in the rally's time zone, or null outside the rally days. */
export function todayOf(rally: Pick<RallySettings, 'rallyStart' | 'rallyEnd'>, now: Date): RallyDay | null {
  const today = localDate(now);
  return rallyDays(rally).find((d) => d.date === today) ?? null;
}

/** How far ahead of the site's clock a phone's clock may be. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export const NOT_RELEASED = 'This clue is not released yet.';
export const BEFORE_RELEASE = 'This answer was made before the clue was released.';
export const DAY_OVER = "This clue's day is over: answers were taken until the end of that day.";
export const TOO_LATE =
  "This answer arrived too late: answers made without signal must reach the site by the end of the day after the clue's day.";
export const FUTURE_TIME = "answeredAt is later than now: check the phone's clock.";

/**
 * When a team may act on a clue (answer, take a hint, check in): once it is released (by the site's
 * clock) and on or before its day (by the phone's time of the act, in the rally's time zone). An act
 * made without signal is queued on the phone and counts if it reaches the site by the end of the
 * next day. Throws the refusal; the phone's clock may run a little ahead.
 */
export function assertMayAct(clue: { date: string; releaseAt: Date }, actedAt: Date, now: Date): void {
  if (now < clue.releaseAt) throw new HttpError(409, NOT_RELEASED);
  if (actedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new HttpError(400, FUTURE_TIME);
  if (actedAt < clue.releaseAt) throw new HttpError(409, BEFORE_RELEASE);
  if (localDate(actedAt) > clue.date) throw new HttpError(409, DAY_OVER);
  if (localDate(now) > addDays(clue.date, 1)) throw new HttpError(409, TOO_LATE);
}
