import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions, signups, teamTracking } from '../db/schema';

/**
 * Ends, in the caller's transaction, what a person who has just left a team (a co-driver replaced,
 * declined, taken off by the organisers, or erased) could still reach of it:
 * - Web Push subscriptions on the team by anyone who is no longer its driver or co-driver, so the
 *   team's private messages stop reaching their phone;
 * - the team's tracker address, when someone who had joined left: it is shown once to whoever
 *   made it and may be in their phone's tracker app, so it stops taking positions and the team
 *   makes a new one (docs/features/tracking.md).
 * Call it after the team's row has been changed.
 */
export async function endFormerMemberAccess(tx: Db, signupId: number, joinedMemberLeft: boolean): Promise<void> {
  await tx.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.signupId, signupId),
      sql`not exists (select 1 from ${signups} where ${signups.id} = ${pushSubscriptions.signupId}
        and ${pushSubscriptions.userId} in (${signups.userId}, ${signups.coDriverUserId}))`,
    ),
  );
  if (joinedMemberLeft)
    await tx.update(teamTracking).set({ trackerTokenHash: null, trackerCreatedAt: null }).where(eq(teamTracking.signupId, signupId));
}

/** Whether a team's co-driver had joined (accepted, or linked to an account): their leaving ends the tracker address. */
export const coDriverHadJoined = (team: { coDriverAcceptedAt: Date | null; coDriverUserId: string | null }) =>
  team.coDriverAcceptedAt != null || team.coDriverUserId != null;
