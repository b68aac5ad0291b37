import { localDate } from '../../../common/countdown';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { HttpError } from '../../errors';
import { HOLDING_A_PLACE } from '../../services/rally-places';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SHARING_ENDED = 'Position sharing has ended: the rally is over, so this address no longer takes positions. Thank you!';
export const NOT_ON_THE_ROAD =
  'Position sharing is for teams with a place in the rally: a team on the waiting list can share once it is offered a place.';

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
export const sharingHasEnded = (rally: Pick<RallySettings, 'rallyEnd' | 'positionSharingEndsDaysAfterRally'>, now: Date) =>
  localDate(now) >= sharingEndsOn(rally);

/** A team may turn sharing on, make a tracker address or send a position: holding a place (409 otherwise), until sharing ends (410). */
export function assertMayShare(status: string, rally: Pick<RallySettings, 'rallyEnd' | 'positionSharingEndsDaysAfterRally'>, now: Date) {
  if (sharingHasEnded(rally, now)) throw new HttpError(410, SHARING_ENDED);
  if (!(HOLDING_A_PLACE as readonly string[]).includes(status)) throw new HttpError(409, NOT_ON_THE_ROAD);
}
