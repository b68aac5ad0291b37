import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { teamUpdateInputSchema, TeamUpdate as TeamUpdateView } from '../../../common/schemas/team-updates';
import type { Db } from '../../db/client';
import { teamUpdates, type TeamUpdate } from '../../db/schema';
import { keptMadeAt } from '../../services/act-time';
import { notifyLive } from '../../services/live-events';
import { oncePerClientId } from '../../services/once-per-client-id';
import { toUpdateView } from '../../services/team-update-views';

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

/**
 * Posts a team's update once per clientId (either member's phone may send it again after lost
 * signal; another update under the same id is the one 409). It keeps the time it was made on the
 * phone (`madeAt`). The photo, if any, is published before the row is written; `updates.changed`
 * reaches open pages when the row commits. Returns the update and whether it is new.
 */
export async function postUpdate(
  deps: PostDeps,
  team: Team,
  authorUserId: string,
  input: UpdateIn,
  now: Date,
): Promise<{ update: TeamUpdateView; created: boolean }> {
  const { db } = deps;
  // None from an app before acts carried it: the row's own time (created_at) is the time.
  const madeAt = input.madeAt === undefined ? null : keptMadeAt(input.madeAt, { now });
  let photoUrl: string | null | undefined;
  const { row, created } = await oncePerClientId({
    find: () => byClientId(db, team.id, input.clientId),
    same: (u: TeamUpdate) => u.body === input.body && u.photoUploadUrl === (input.photoUploadUrl ?? null),
    store: async () => {
      photoUrl ??= input.photoUploadUrl === undefined ? null : await deps.publishPhoto(input.photoUploadUrl);
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(teamUpdates)
          .values({
            signupId: team.id,
            authorUserId,
            clientId: input.clientId,
            body: input.body,
            photoUrl,
            photoUploadUrl: input.photoUploadUrl ?? null,
            madeAt,
          })
          .onConflictDoNothing()
          .returning();
        // None: the other phone sent the same id while this one published, and its row stands.
        if (inserted) await notifyLive(tx, { kind: 'updates.changed', signupId: team.id, id: inserted.id });
        return inserted;
      });
    },
  });
  return { update: toUpdateView(row, team.teamName), created };
}
