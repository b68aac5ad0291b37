import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signups, type User } from '../db/schema';
import { HttpError } from '../errors';
import { HOLDING_A_PLACE } from './rally-places';

export const NOT_ON_A_TEAM = "You are not on a team in this year's rally.";
export const ON_THE_WAITING_LIST =
  'Your team is on the waiting list, so it is not on the road: the rally app opens for it once it has a place.';

export type RallyTeam = { id: number; teamName: string };

/**
 * The one guard of every route of a team on the road (clues, positions, updates, SOS, All OK):
 * the signed-in rallier's team this season, which they drive, or co-drive once they accepted the
 * invitation (coDriverUserId is set only then), holding a place. A waiting-list team is not on the
 * road (409, said plainly: it may yet get a place); anyone else is not on a team here (404). Either
 * way they see and change nothing.
 */
export async function findRallyTeam(db: Db, user: Pick<User, 'id'>, year: number): Promise<RallyTeam> {
  const teams = await db
    .select({ id: signups.id, teamName: signups.teamName, status: signups.status })
    .from(signups)
    .where(
      and(
        eq(signups.rallyYear, year),
        inArray(signups.status, [...HOLDING_A_PLACE, 'waiting_list']),
        or(eq(signups.userId, user.id), eq(signups.coDriverUserId, user.id)),
      ),
    )
    .orderBy(signups.id);
  const team = teams.find((t) => (HOLDING_A_PLACE as readonly string[]).includes(t.status));
  if (team) return { id: team.id, teamName: team.teamName };
  if (teams.length) throw new HttpError(409, ON_THE_WAITING_LIST);
  throw new HttpError(404, NOT_ON_A_TEAM);
}
