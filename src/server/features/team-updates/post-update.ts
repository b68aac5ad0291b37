import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { teamUpdateInputSchema, TeamUpdate as TeamUpdateView } from '../../../common/schemas/team-updates';
import type { Db } from '../../db/client';
import { teamUpdates, type TeamUpdate } from '../../db/schema';
import { HttpError } from '../../errors';
import { notifyLive } from '../../services/live-events';
import { toUpdateView } from './update-view';

export const CLIENT_ID_REUSED = 'This clientId was already used for another update: make a new id for a new update.';

type UpdateIn = z.output<typeof teamUpdateInputSchema>;
type Team = { id: number; teamName: string };

export type PostDeps = {
  db: Db;
  /** Publishes the photo behind an upload URL of this site under team-updates/ (uploads feature), once. */
  publishPhoto: (uploadUrl: string) => Promise<string>;
};

const byClientId = async (db: Db, teamId: number, clientId: string) =>
  (
    await db
      .select()
      .from(teamUpdates)
      .where(and(eq(teamUpdates.signupId, teamId), eq(teamUpdates.clientId, clientId)))
  )[0];

/** The update stored under this id: the same post again is that update; anything else is a 409. */
function replayOf(existing: TeamUpdate | undefined, team: Team, input: UpdateIn): TeamUpdateView | null {
  if (!existing) return null;
  if (existing.body !== input.body || existing.photoUploadUrl !== (input.photoUploadUrl ?? null))
    throw new HttpError(409, CLIENT_ID_REUSED);
  return toUpdateView(existing, team.teamName);
}

/**
 * Posts a team's update once per clientId (either member's phone may send it again after lost
 * signal). The photo, if any, is published before the row is written; `updates.changed` reaches
 * open pages when the row commits. Returns the update and whether it is new.
 */
export async function postUpdate(
  deps: PostDeps,
  team: Team,
  authorUserId: string,
  input: UpdateIn,
): Promise<{ update: TeamUpdateView; created: boolean }> {
  const { db } = deps;
  const replay = replayOf(await byClientId(db, team.id, input.clientId), team, input);
  if (replay) return { update: replay, created: false };
  const photoUrl = input.photoUploadUrl === undefined ? null : await deps.publishPhoto(input.photoUploadUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamUpdates)
      .values({
        signupId: team.id,
        authorUserId,
        clientId: input.clientId,
        body: input.body,
        photoUrl,
        photoUploadUrl: input.photoUploadUrl ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // The other phone sent the same id while this one published: its row stands.
      const raced = replayOf(await byClientId(tx, team.id, input.clientId), team, input);
      if (raced) return { update: raced, created: false };
      throw new Error('team update conflict without a row');
    }
    await notifyLive(tx, { kind: 'updates.changed', signupId: team.id, id: row.id });
    return { update: toUpdateView(row, team.teamName), created: true };
  });
}
