import { and, desc, eq, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { PublicTeamUpdateList } from '../../../common/schemas/team-updates';
import type { Db } from '../../db/client';
import { signups, teamUpdates } from '../../db/schema';
import { toPublicUpdate } from '../../services/team-update-views';

/**
 * Visible updates, newest first, a page at a time: one team's (its donate page, any season), or
 * every team's of this season (/live). Hidden updates and withdrawn teams' are left out.
 */
export async function listPublicUpdates(
  db: Db,
  year: number,
  query: { signupId?: number; before?: string; limit: number },
): Promise<PublicTeamUpdateList> {
  const where: (SQL | undefined)[] = [
    isNull(teamUpdates.hiddenAt),
    ne(signups.status, 'withdrawn'),
    query.signupId === undefined ? eq(signups.rallyYear, year) : eq(teamUpdates.signupId, query.signupId),
    query.before === undefined ? undefined : lt(teamUpdates.createdAt, new Date(query.before)),
  ];
  const rows = await db
    .select({ update: teamUpdates, teamName: signups.teamName })
    .from(teamUpdates)
    .innerJoin(signups, eq(signups.id, teamUpdates.signupId))
    .where(and(...where))
    .orderBy(desc(teamUpdates.createdAt), desc(teamUpdates.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    updates: page.map((r) => toPublicUpdate(r.update, r.teamName)),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.update.createdAt.toISOString() ?? null) : null,
  };
}
