import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, teamFollowerPushes, teamFollowers } from '../../db/schema';
import type { PersonalDataPart } from '../../services/personal-data';

/**
 * The teams an address follows (or asked to follow), for the person's data download, each with the
 * browsers it notifies (their push addresses; the keys stay out, they are the browser's).
 */
export async function followsOf(db: Db, email: string) {
  const rows = await db
    .select({ follow: teamFollowers, teamName: signups.teamName })
    .from(teamFollowers)
    .innerJoin(signups, eq(signups.id, teamFollowers.signupId))
    .where(eq(teamFollowers.email, email.trim().toLowerCase()))
    .orderBy(teamFollowers.id);
  const pushes = rows.length
    ? await db
        .select({ followerId: teamFollowerPushes.followerId, endpoint: teamFollowerPushes.endpoint, since: teamFollowerPushes.createdAt })
        .from(teamFollowerPushes)
        .where(
          inArray(
            teamFollowerPushes.followerId,
            rows.map((r) => r.follow.id),
          ),
        )
        .orderBy(teamFollowerPushes.id)
    : [];
  return rows.map(({ follow: f, teamName }) => ({
    signupId: f.signupId,
    teamName,
    email: f.email,
    name: f.name,
    dailyDigest: f.dailyDigest,
    keepAfterResults: f.keepAfterResults,
    askedAt: f.createdAt.toISOString(),
    confirmedAt: f.confirmedAt?.toISOString() ?? null,
    endedAt: f.endedAt?.toISOString() ?? null,
    notifiedBrowsers: pushes.filter((p) => p.followerId === f.id).map((p) => ({ pushAddress: p.endpoint, since: p.since.toISOString() })),
  }));
}

/** Erases every follow of an address, with its browsers' push addresses (in the caller's transaction); their messages still queued are then skipped. */
export async function eraseFollowsOf(db: Db, email: string): Promise<number> {
  const gone = await db
    .delete(teamFollowers)
    .where(eq(teamFollowers.email, email.trim().toLowerCase()))
    .returning({ id: teamFollowers.id });
  return gone.length;
}

/** The address's follows in its data download, and their erasure (only for an address proven to be the person's). */
export const followsPersonalData: PersonalDataPart = {
  key: 'teamFollows',
  exportOf: async (db, { provenEmail }) => (provenEmail ? followsOf(db, provenEmail) : []),
  erase: async (tx, { provenEmail }) => ({ follows: provenEmail ? await eraseFollowsOf(tx, provenEmail) : 0 }),
};
