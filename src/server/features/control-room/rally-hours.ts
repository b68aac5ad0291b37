import { fromRallyLocalInput } from '../../../common/rally-local-input';
import { rallyDate, toRallyLocalInput } from '../../../common/rally-time';
import type { RallySettings } from '../../../common/schemas/rally-settings';

/**
 * The hour of the rally's day a silent team is first looked for. Teams sleep: a night without
 * contact is no cause to wake the organisers, so silence is counted from this hour of a rally day.
 */
export const RALLY_DAY_START_HOUR = 8;

const hourOf = (now: Date, rally: RallySettings) => Number(toRallyLocalInput(now, rally.timeZone).slice(11, 13));
const atHour = (day: string, hour: number, rally: RallySettings) =>
  new Date(fromRallyLocalInput(`${day}T${String(hour).padStart(2, '0')}:00`, rally.timeZone) ?? Number.NaN);

/** Past the evening hour (in the rally's zone) of a trip day: every team should have said All OK tonight. */
export function allOkDue(rally: RallySettings, now: Date): boolean {
  const day = rallyDate(now, rally.timeZone);
  return day >= rally.tripStart && day <= rally.tripEnd && hourOf(now, rally) >= rally.allOkEveningHour;
}

/**
 * When silence starts to count on this rally day: its start hour, on rally days between that hour
 * and the All OK evening hour (after which "All OK tonight" is what is asked); null outside them.
 */
export function silenceCountsFrom(rally: RallySettings, now: Date): Date | null {
  const day = rallyDate(now, rally.timeZone);
  const hour = hourOf(now, rally);
  if (day < rally.rallyStart || day > rally.rallyEnd || hour < RALLY_DAY_START_HOUR || hour >= rally.allOkEveningHour) return null;
  return atHour(day, RALLY_DAY_START_HOUR, rally);
}
