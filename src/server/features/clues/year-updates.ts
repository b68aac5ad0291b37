import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { PublicTeamUpdate } from '../../../common/schemas/team-updates';
import type { Db } from '../../db/client';
import { signups, teamUpdates } from '../../db/schema';
import { toPublicUpdate } from '../../services/team-update-views';

/** Every visible update of a rally year's teams (not withdrawn), oldest first: the rally's story on /rally/{year}. */
export async function visibleUpdatesOfYear(db: Db, year: number): Promise<PublicTeamUpdate[]> {
  const rows = await db
    .select({ update: teamUpdates, teamName: signups.teamName })
    .from(teamUpdates)
    .innerJoin(signups, eq(signups.id, teamUpdates.signupId))
    .where(and(isNull(teamUpdates.hiddenAt), ne(signups.status, 'withdrawn'), eq(signups.rallyYear, year)))
    .orderBy(asc(teamUpdates.createdAt), asc(teamUpdates.id));
  return rows.map((r) => toPublicUpdate(r.update, r.teamName));
}
