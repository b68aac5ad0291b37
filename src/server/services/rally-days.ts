import { fromRallyLocalInput } from '../../common/rally-local-input';
import { addDays, rallyDate } from '../../common/rally-calendar-day';
import type { RallySettings } from '../../common/schemas/rally-settings';
import { HttpError } from '../errors';
import { keptMadeAt } from './act-time';

/**
 * When the hunt is over, by the rally's calendar: from the day after its last day (the results can
 * be filled from it, and its story told). `open` is whether that day has come.
 */
export function huntOver(rally: Pick<RallySettings, 'rallyEnd' | 'timeZone'>, now: Date): { opensOn: string; open: boolean } {
  const opensOn = addDays(rally.rallyEnd, 1);
  return { opensOn, open: rallyDate(now, rally.timeZone) >= opensOn };
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
export function todayOf(rally: Pick<RallySettings, 'rallyStart' | 'rallyEnd' | 'timeZone'>, now: Date): RallyDay | null {
  const today = rallyDate(now, rally.timeZone);
  return rallyDays(rally).find((d) => d.date === today) ?? null;
}

const HOUR_MS = 60 * 60 * 1000;

export const NOT_RELEASED = 'This clue is not released yet.';
export const BEFORE_RELEASE = 'This was made before the clue was released, so it cannot count.';
export const DAY_OVER = "This clue's day is over: answers, hints and check-ins were taken until the end of that day.";
/** An act made on its day that reached the site too long after the day ended. */
export const tooLate = (graceHours: number) =>
  `This arrived too late: something done without signal counts for its day when the phone sends it within ${graceHours} hours of that day's end.`;

/** The instant a rally day (YYYY-MM-DD) ends: the next midnight in the rally's time zone. */
export function endOfDay(date: string, timeZone: string): Date {
  return new Date(fromRallyLocalInput(`${addDays(date, 1)}T00:00`, timeZone) ?? NaN);
}

/** The instant the last act of a rally day can still arrive: the day's end plus `actGraceHours`. */
export const actsCloseAt = (date: string, rally: Pick<RallySettings, 'timeZone' | 'actGraceHours'>) =>
  new Date(endOfDay(date, rally.timeZone).getTime() + rally.actGraceHours * HOUR_MS);

/**
 * The rally day before today (in the rally's zone) while acts made on it may still arrive, with the
 * instant they stop counting; null when there is none (the first rally day, or after the grace).
 */
export function lateDayOf(
  rally: Pick<RallySettings, 'rallyStart' | 'rallyEnd' | 'timeZone' | 'actGraceHours'>,
  now: Date,
): (RallyDay & { closesAt: Date }) | null {
  const yesterday = addDays(rallyDate(now, rally.timeZone), -1);
  const day = rallyDays(rally).find((d) => d.date === yesterday);
  if (!day) return null;
  const closesAt = actsCloseAt(day.date, rally);
  return now <= closesAt ? { ...day, closesAt } : null;
}

/**
 * When a team may act on a clue (answer, take a hint, check in), and the instant the act counts as
 * made: once the clue is released (by the site's clock), made on or before its day (by `madeAt`,
 * the phone's time of the act, in the rally's time zone), and arrived within the setting
 * `actGraceHours` of that day's end (a hint taken at 23:50 without signal and sent at 00:30 counts
 * for its day). `madeAt` is kept within bounds (services/act-time.ts): never after now, never before
 * the release. Throws the refusal with its plain reason.
 */
export function madeAtForClue(
  clue: { date: string; releaseAt: Date },
  madeAt: string | undefined,
  rally: Pick<RallySettings, 'timeZone' | 'actGraceHours'>,
  now: Date,
): Date {
  if (now < clue.releaseAt) throw new HttpError(409, NOT_RELEASED);
  const made = keptMadeAt(madeAt, { now, notBefore: clue.releaseAt, tooEarly: BEFORE_RELEASE });
  if (rallyDate(made, rally.timeZone) > clue.date) throw new HttpError(409, DAY_OVER);
  if (now > actsCloseAt(clue.date, rally)) throw new HttpError(409, tooLate(rally.actGraceHours));
  return made;
}
