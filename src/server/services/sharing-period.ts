import { rallyDate } from '../../common/rally-calendar-day';
import type { RallySettings } from '../../common/schemas/rally-settings';
import { HttpError } from '../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SHARING_ENDED = 'Position sharing has ended: the rally is over, so this address no longer takes positions. Thank you!';

/**
 * The first calendar day (rally time zone) on which position sharing is over: the day after the last
 * rally day plus `positionSharingEndsDaysAfterRally` days (1 by default: a rally whose last day is a
 * Saturday shares through the Sunday, and the Monday is the first day without it).
 */
export function sharingEndsOn(rally: Pick<RallySettings, 'rallyEnd' | 'positionSharingEndsDaysAfterRally'>): string {
  const [y = NaN, m = NaN, d = NaN] = rally.rallyEnd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + (rally.positionSharingEndsDaysAfterRally + 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether the season's position sharing is over (by the season's clock): nothing is stored any more,
 * tracker addresses answer 410, and the public map shows no team. Decided when read, so it needs no
 * job to switch it off and comes back if the organisers move the rally's dates.
 */
export const sharingHasEnded = (rally: Pick<RallySettings, 'rallyEnd' | 'positionSharingEndsDaysAfterRally' | 'timeZone'>, now: Date) =>
  rallyDate(now, rally.timeZone) >= sharingEndsOn(rally);

/**
 * A team on the road (the one guard, plugins/rally-team.ts: a waiting-list team is refused before this) may
 * turn sharing on, make a tracker address or send a position until sharing ends (410 after).
 */
export function assertSharingOpen(rally: Pick<RallySettings, 'rallyEnd' | 'positionSharingEndsDaysAfterRally' | 'timeZone'>, now: Date) {
  if (sharingHasEnded(rally, now)) throw new HttpError(410, SHARING_ENDED);
}
