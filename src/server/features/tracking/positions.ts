import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, teamPositions, teamTracking, type TeamPosition } from '../../db/schema';
import { oncePerClientId } from '../../services/once-per-client-id';
import { currentRallyYear } from '../../services/rally-settings';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { badRequest } from '../../errors';
import {
  EARLIEST_FIX,
  FUTURE_FIX_TOLERANCE_MS,
  PUBLIC_POSITION_DECIMALS,
  PUBLIC_TIME_STEP_MINUTES,
  roundForPublic,
  type LivePositions,
  type PositionSource,
} from '../../../common/schemas/tracking';
import { isSharing } from './sharing';

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

/** The team's own latest position, exact (the team's eyes only). */
export async function latestPosition(db: Db, signupId: number) {
  const [row] = await db
    .select()
    .from(teamPositions)
    .where(eq(teamPositions.signupId, signupId))
    .orderBy(desc(teamPositions.recordedAt))
    .limit(1);
  return row;
}

const STEP_MS = PUBLIC_TIME_STEP_MINUTES * 60_000;

/**
 * The supporters' map: each sharing team of the season holding a place (not on the waiting list,
 * not withdrawn) at its latest position
 * recorded at least `delayMinutes` before `now`, rounded to PUBLIC_POSITION_DECIMALS (about 1 km)
 * and its time rounded down to PUBLIC_TIME_STEP_MINUTES; never accuracy or source. One index probe
 * per team (team_positions_latest_idx).
 */
export async function publicPositions(db: Db, now: Date, delayMinutes: number): Promise<LivePositions> {
  const cutoff = new Date(now.getTime() - delayMinutes * 60_000);
  const latest = db
    .select({ lat: teamPositions.lat, lng: teamPositions.lng, recordedAt: teamPositions.recordedAt })
    .from(teamPositions)
    .where(and(eq(teamPositions.signupId, teamTracking.signupId), lte(teamPositions.recordedAt, cutoff)))
    .orderBy(desc(teamPositions.recordedAt))
    .limit(1)
    .as('latest');
  const rows = await db
    .select({ signupId: signups.id, teamName: signups.teamName, lat: latest.lat, lng: latest.lng, recordedAt: latest.recordedAt })
    .from(teamTracking)
    .innerJoin(signups, eq(signups.id, teamTracking.signupId))
    .innerJoinLateral(latest, sql`true`)
    .where(and(eq(teamTracking.sharing, true), eq(signups.rallyYear, currentRallyYear), inArray(signups.status, [...HOLDING_A_PLACE])))
    .orderBy(signups.teamName, signups.id);
  return {
    delayMinutes,
    decimals: PUBLIC_POSITION_DECIMALS,
    teams: rows.map((r) => ({
      signupId: r.signupId,
      teamName: r.teamName,
      lat: roundForPublic(r.lat),
      lng: roundForPublic(r.lng),
      at: new Date(Math.floor(r.recordedAt.getTime() / STEP_MS) * STEP_MS).toISOString(),
    })),
  };
}
