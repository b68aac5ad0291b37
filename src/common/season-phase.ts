import { daysUntil } from './countdown';
import { formatDay } from './rally-dates';
import { rallyDate } from './rally-calendar-day';
import { DEFAULT_RALLY_TIME_ZONE } from './rally-time-zone';
import type { RallySettings } from './schemas/rally-settings';

/**
 * Where the current season stands, the one rule every page and the registration check follow:
 * - preparing: a new season started and its facts are not yet reviewed (registration closed),
 * - not-open: registration opens at a set time still ahead,
 * - open: registration takes teams,
 * - closed: registration closed, the rally still ahead,
 * - under-way: the rally days have begun (registration closed),
 * - finished: the rally's last day is past (registration closed until the next season).
 */
export const seasonPhases = ['preparing', 'not-open', 'open', 'closed', 'under-way', 'finished'] as const;
export type SeasonPhase = (typeof seasonPhases)[number];

export type SeasonFacts = Pick<RallySettings, 'rallyStart' | 'rallyEnd' | 'registrationOpensAt' | 'registrationClosesAt' | 'needsReview'> &
  Partial<Pick<RallySettings, 'timeZone'>>;

/** Today's date (YYYY-MM-DD) in the rally's time zone. */
const today = (s: Partial<Pick<RallySettings, 'timeZone'>>, now: Date) => rallyDate(now, s.timeZone ?? DEFAULT_RALLY_TIME_ZONE);

/**
 * Days turn over at midnight in the rally's time zone, as the countdown does. `now` is the season's clock: the
 * server's (src/server/clock.ts), which the browser carries on (src/web/lib/season-clock.ts).
 */
export function seasonPhase(s: SeasonFacts, now: Date): SeasonPhase {
  if (s.needsReview.length > 0) return 'preparing';
  const date = today(s, now);
  if (date > s.rallyEnd) return 'finished';
  if (date >= s.rallyStart) return 'under-way';
  if (s.registrationOpensAt && now < new Date(s.registrationOpensAt)) return 'not-open';
  if (s.registrationClosesAt && now >= new Date(s.registrationClosesAt)) return 'closed';
  return 'open';
}

/** A team's rally is over once its season is past: an earlier year's, or this one's after its last day. */
export function rallyIsOver(rallyYear: number, s: SeasonFacts & Pick<RallySettings, 'year'>, now: Date): boolean {
  if (rallyYear < s.year) return true;
  return rallyYear === s.year && today(s, now) > s.rallyEnd;
}

/**
 * Why registration is not open, as the signup page and the refused registration word it: the
 * season's phase, its year and (when set) the opening date.
 */
export function registrationClosedText(year: number, phase: SeasonPhase, opensAt: string | null, now: Date): string {
  const opens = opensAt && now < new Date(opensAt) ? formatDay(rallyDate(opensAt, DEFAULT_RALLY_TIME_ZONE)) : null;
  switch (phase) {
    case 'preparing':
      return `The ${year} rally is being prepared. ${opens ? `Registration opens on ${opens}.` : 'Registration opens once its details are announced.'}`;
    case 'not-open':
      return `Registration for the ${year} rally opens on ${opens}.`;
    case 'finished':
      return `The ${year} rally has finished, and registration for it is closed. Registration for the ${year + 1} rally opens when its dates are announced.`;
    default:
      return `Registration for the ${year} rally is closed.`;
  }
}

/**
 * Where the season is now, as every page, e-mail and menu tells it: the calendar's phase
 * (seasonPhase) with what only the data knows, whether the car limit is reached and whether the
 * year's results are published.
 * - preparing: the next season was started and its facts are not reviewed: nothing of it is a fact yet,
 * - not-open / open / closed: registration ahead, taking teams, or over with the rally still ahead,
 * - full: registration takes teams onto the waiting list only,
 * - on-the-road: rally day `day` of `days`,
 * - results-pending / results-published: the rally is over, its results still being counted or out.
 */
export type SeasonStory =
  | { phase: 'preparing' | 'not-open' | 'open' | 'full' | 'closed' | 'results-pending' | 'results-published' }
  | { phase: 'on-the-road'; day: number; days: number };
export type StoryPhase = SeasonStory['phase'];

/** What the data says of the season: the car limit reached, the results published. */
export type SeasonData = { full: boolean; resultsPublished: boolean };

export function seasonStory(s: SeasonFacts, data: SeasonData, now: Date): SeasonStory {
  const phase = seasonPhase(s, now);
  if (phase === 'under-way') {
    // Day 1 is the first rally day; days counts the last too.
    const zone = s.timeZone ?? DEFAULT_RALLY_TIME_ZONE;
    const days = daysUntil(s.rallyEnd, new Date(`${s.rallyStart}T12:00:00Z`), zone) + 1;
    return { phase: 'on-the-road', day: days - daysUntil(s.rallyEnd, now, zone), days };
  }
  if (phase === 'finished') return { phase: data.resultsPublished ? 'results-published' : 'results-pending' };
  return { phase: phase === 'open' && data.full ? 'full' : phase };
}

/** A team can sign up (straight in, or onto the waiting list when full): the nav's Sign Up and the home page's Register Now. */
export const signupPossible = (story: SeasonStory) => story.phase === 'open' || story.phase === 'full';

/** The rally is over (results counted or not). */
export const rallyFinished = (story: SeasonStory) => story.phase === 'results-pending' || story.phase === 'results-published';
