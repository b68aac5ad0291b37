import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signups, teamPositions, teamTracking, type TeamPosition } from '../db/schema';
import { oncePerClientId } from './once-per-client-id';
import { HOLDING_A_PLACE } from './rally-places';
import { badRequest } from '../errors';
import { EARLIEST_FIX, FUTURE_FIX_TOLERANCE_MS, type PositionSource } from '../../common/schemas/tracking';

/**
 * Storing a team's position, from the rally app (features/rally-app) or a tracker app
 * (features/tracking), while the team shares it.
 */

/** A position as every source delivers it once read. */
export type Fix = { lat: number; lng: number; accuracy: number | null; recordedAt: Date };

/** A fix time from a phone's clock: not before 2000, not more than a few minutes ahead of ours. */
export function assertFixTime(recordedAt: Date, now = new Date()): void {
  const t = recordedAt.getTime();
  if (!Number.isFinite(t) || t < EARLIEST_FIX) throw badRequest('The position time is not a real time');
  if (t > now.getTime() + FUTURE_FIX_TOLERANCE_MS) throw badRequest('The position time is in the future');
}

/**
 * Stores the team's position while it shares; while sharing is off or paused the position is
 * dropped (false). The same `clientId` again is the same position: stored once, and true again;
 * the rally app's id with another position is the one 409 (services/once-per-client-id.ts). A
 * tracker's id is its fix time, so a second fix of the same second is taken as the first resent.
 */
export async function storePosition(
  db: Db,
  team: { signupId: number; rallyYear: number },
  source: PositionSource,
  fix: Fix,
  clientId: string,
): Promise<boolean> {
  assertFixTime(fix.recordedAt);
  if (!(await isSharing(db, team.signupId))) return false;
  await oncePerClientId({
    find: async () =>
      (
        await db
          .select()
          .from(teamPositions)
          .where(and(eq(teamPositions.signupId, team.signupId), eq(teamPositions.clientId, clientId)))
      )[0],
    same: (row: TeamPosition) =>
      source !== 'app' || (row.lat === fix.lat && row.lng === fix.lng && row.recordedAt.getTime() === fix.recordedAt.getTime()),
    store: async () =>
      (
        await db
          .insert(teamPositions)
          .values({ signupId: team.signupId, rallyYear: team.rallyYear, source, clientId, ...fix })
          .onConflictDoNothing({ target: [teamPositions.signupId, teamPositions.clientId] })
          .returning()
      )[0],
  });
  return true;
}

/**
 * Whether the team shares its position now (read just before a position is stored): sharing on, and
 * holding a place (a waiting-list team is not on the road, whatever it chose).
 */
export async function isSharing(db: Db, signupId: number): Promise<boolean> {
  const [row] = await db
    .select({ sharing: sql<boolean>`${teamTracking.sharing}` })
    .from(teamTracking)
    .innerJoin(signups, eq(signups.id, teamTracking.signupId))
    .where(and(eq(teamTracking.signupId, signupId), inArray(signups.status, [...HOLDING_A_PLACE])));
  return row?.sharing ?? false;
}
