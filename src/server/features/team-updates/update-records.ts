import { and, asc, desc, eq, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { PublicTeamUpdate, PublicTeamUpdateList, TeamUpdate as TeamUpdateView } from '../../../common/schemas/team-updates';
import type { Db } from '../../db/client';
import { signups, teamUpdates } from '../../db/schema';
import { toPublicUpdate, toUpdateView } from './update-view';

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

/** Every update of one team (its own screen) or of the season (organisers), hidden ones included, newest first. */
export async function listUpdatesWithHidden(db: Db, where: { signupId: number } | { year: number }): Promise<TeamUpdateView[]> {
  const rows = await db
    .select({ update: teamUpdates, teamName: signups.teamName })
    .from(teamUpdates)
    .innerJoin(signups, eq(signups.id, teamUpdates.signupId))
    .where('signupId' in where ? eq(teamUpdates.signupId, where.signupId) : eq(signups.rallyYear, where.year))
    .orderBy(desc(teamUpdates.createdAt), desc(teamUpdates.id))
    .limit(500);
  return rows.map((r) => toUpdateView(r.update, r.teamName));
}

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

/**
 * Whether a site address is the photo (or its thumbnail) of a hidden update: the uploads' file
 * server refuses it, so hiding an update takes its photo off the site too (docs/features/team-updates.md).
 */
export async function isHiddenUpdatePhoto(db: Db, url: string): Promise<boolean> {
  const photo = url.split(/[?#]/)[0]!.replace(/-thumb\.webp$/, '.webp');
  const [row] = await db
    .select({ id: teamUpdates.id })
    .from(teamUpdates)
    .where(and(eq(teamUpdates.photoUrl, photo), isNotNull(teamUpdates.hiddenAt)))
    .limit(1);
  return row !== undefined;
}
