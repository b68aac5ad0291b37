import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signups, teamUpdates } from '../db/schema';
import type { PublicTeamUpdate, TeamUpdate as TeamUpdateView } from '../../common/schemas/team-updates';
import type { TeamUpdate } from '../db/schema';

/**
 * What anyone may read of an update: the team, the words, the photo, the time. Never its author.
 * The time is when the team wrote it on the phone (an update queued without signal arrives later).
 */
export const toPublicUpdate = (row: TeamUpdate, teamName: string): PublicTeamUpdate => ({
  id: row.id,
  signupId: row.signupId,
  teamName,
  body: row.body,
  photoUrl: row.photoUrl,
  createdAt: (row.madeAt ?? row.createdAt).toISOString(),
});

/** The team's and the organisers' view: hidden ones too, with the reason the team reads. */
export const toUpdateView = (row: TeamUpdate, teamName: string): TeamUpdateView => ({
  ...toPublicUpdate(row, teamName),
  clientId: row.clientId,
  hidden: row.hiddenAt !== null,
  hiddenAt: row.hiddenAt?.toISOString() ?? null,
  hiddenReason: row.hiddenReason,
});

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
