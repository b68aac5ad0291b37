import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamUpdates } from '../../db/schema';
import type { PersonalDataPart } from '../../services/personal-data';

/**
 * The updates of the teams a person is on, for their data download. An update goes with its
 * author's account (ON DELETE CASCADE); eraseUpdatesOfTeams removes the rest of an erased driver's teams'.
 */
export async function updatesOfTeams(db: Db, signupIds: number[]) {
  if (!signupIds.length) return [];
  const rows = await db.select().from(teamUpdates).where(inArray(teamUpdates.signupId, signupIds)).orderBy(asc(teamUpdates.createdAt));
  return rows.map((u) => ({
    id: u.id,
    signupId: u.signupId,
    body: u.body,
    photoUrl: u.photoUrl,
    createdAt: u.createdAt.toISOString(),
    hiddenAt: u.hiddenAt?.toISOString() ?? null,
    hiddenReason: u.hiddenReason,
  }));
}

/** An erased driver's teams are blanked: their updates (the co-driver's too) go with them. */
export async function eraseUpdatesOfTeams(db: Db, signupIds: number[]): Promise<void> {
  if (signupIds.length) await db.delete(teamUpdates).where(inArray(teamUpdates.signupId, signupIds));
}

/** The teams' updates in a person's data download, and with an erased driver's teams. */
export const updatesPersonalData: PersonalDataPart = {
  key: 'teamUpdates',
  exportOf: (db, { teamIds }) => updatesOfTeams(db, teamIds),
  erase: (tx, { drivenTeamIds }) => eraseUpdatesOfTeams(tx, drivenTeamIds),
};
