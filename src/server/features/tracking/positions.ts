import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, teamPositions, teamTracking } from '../../db/schema';
import { currentRallyYear } from '../../services/rally-settings';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { PUBLIC_POSITION_DECIMALS, PUBLIC_TIME_STEP_MINUTES, roundForPublic, type LivePositions } from '../../../common/schemas/tracking';

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
