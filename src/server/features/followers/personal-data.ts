import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, teamFollowers } from '../../db/schema';
import type { PersonalDataPart } from '../../services/personal-data';

/** The teams an address follows (or asked to follow), for the person's data download. */
export async function followsOf(db: Db, email: string) {
  const rows = await db
    .select({ follow: teamFollowers, teamName: signups.teamName })
    .from(teamFollowers)
    .innerJoin(signups, eq(signups.id, teamFollowers.signupId))
    .where(eq(teamFollowers.email, email.trim().toLowerCase()))
    .orderBy(teamFollowers.id);
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
  }));
}

/** Erases every follow of an address (in the caller's transaction); their messages still queued are then skipped. */
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
