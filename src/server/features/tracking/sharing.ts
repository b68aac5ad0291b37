import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, teamTracking } from '../../db/schema';
import { currentRallyYear } from '../../services/rally-settings';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { notifyLive } from '../../services/live-events';
import type { SharingState } from '../../../common/schemas/tracking';

/** The tracker address's path; the token after it is the team's secret. */
export const TRACKER_PATH = '/api/tracking/tracker/';

/** 24 random bytes: guessing a team's address is out of reach, so its answers need not hide timing. */
const newToken = () => randomBytes(24).toString('base64url');
/** Only this is stored: a leaked database does not hand out working tracker addresses. */
export const hashTrackerToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type Tracking = typeof teamTracking.$inferSelect;

export async function trackingOf(db: Db, signupId: number): Promise<Tracking | undefined> {
  const [row] = await db.select().from(teamTracking).where(eq(teamTracking.signupId, signupId));
  return row;
}

export function sharingState(tracking: Pick<Tracking, 'sharing' | 'sharingChangedAt'> | undefined): SharingState {
  if (!tracking?.sharingChangedAt) return 'off';
  return tracking.sharing ? 'on' : 'paused';
}

/**
 * Turns the team's sharing on or pauses it. The public map changes (the team appears or goes), so
 * open pages are told when the change commits.
 */
export async function setSharing(db: Db, signupId: number, sharing: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(teamTracking)
      .values({ signupId, sharing, sharingChangedAt: now })
      .onConflictDoUpdate({ target: teamTracking.signupId, set: { sharing, sharingChangedAt: now } });
    await notifyLive(tx, { kind: 'positions.changed' });
  });
}

/** A new secret address for the team's tracker app; the one before stops working. Returns the token, shown once. */
export async function issueTrackerToken(db: Db, signupId: number): Promise<{ token: string; createdAt: Date }> {
  const token = newToken();
  const createdAt = new Date();
  const values = { trackerTokenHash: hashTrackerToken(token), trackerCreatedAt: createdAt };
  await db
    .insert(teamTracking)
    .values({ signupId, ...values })
    .onConflictDoUpdate({ target: teamTracking.signupId, set: values });
  return { token, createdAt };
}

export async function removeTrackerToken(db: Db, signupId: number): Promise<void> {
  await db.update(teamTracking).set({ trackerTokenHash: null, trackerCreatedAt: null }).where(eq(teamTracking.signupId, signupId));
}

/**
 * The team a tracker address belongs to, while it is a team of the current season holding a place
 * (a waiting-list team is not on the road); undefined for any other token (unknown, replaced, last
 * season's).
 */
export async function teamOfTrackerToken(
  db: Db,
  token: string,
): Promise<{ signupId: number; rallyYear: number; sharing: boolean } | undefined> {
  const [row] = await db
    .select({ signupId: signups.id, rallyYear: signups.rallyYear, sharing: teamTracking.sharing })
    .from(teamTracking)
    .innerJoin(signups, eq(signups.id, teamTracking.signupId))
    .where(
      and(
        eq(teamTracking.trackerTokenHash, hashTrackerToken(token)),
        eq(signups.rallyYear, currentRallyYear),
        inArray(signups.status, [...HOLDING_A_PLACE]),
      ),
    );
  return row;
}
