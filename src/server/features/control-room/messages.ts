import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminRallyMessage, RallyMessageInput } from '../../../common/schemas/control-room';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { rallyMessages, signups } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { recordAudit } from '../../services/audit';
import { notifyLive } from '../../services/live-events';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { queueMessagePush } from './push-send';
import { LIST_LIMIT } from '../../services/rally-messages';

export const NO_SUCH_TEAM = 'No team of this year’s rally holds a place with that id.';

export async function seasonMessages(db: Db, year: number): Promise<AdminRallyMessage[]> {
  const rows = await db
    .select({ message: rallyMessages, teamName: signups.teamName })
    .from(rallyMessages)
    .leftJoin(signups, eq(signups.id, rallyMessages.signupId))
    .where(eq(rallyMessages.rallyYear, year))
    .orderBy(desc(rallyMessages.sentAt), desc(rallyMessages.id))
    .limit(LIST_LIMIT);
  return rows.map(({ message: m, teamName }) => ({
    id: m.id,
    body: m.body,
    toAll: m.signupId == null,
    signupId: m.signupId,
    teamName: teamName ?? null,
    sentAt: m.sentAt.toISOString(),
  }));
}

/**
 * An organiser's message to every team of the season holding a place, or to one of them: stored
 * (audited), announced on the live bus as `messages.new` (the message id only, no team, no body: the
 * phones fetch their own messages), and pushed to the subscribed phones by a job.
 */
export async function sendRallyMessage(
  app: FastifyInstance,
  request: FastifyRequest,
  rally: RallySettings,
  input: RallyMessageInput,
): Promise<AdminRallyMessage> {
  const message = await app.db.transaction(async (tx) => {
    let teamName: string | null = null;
    if (input.signupId !== undefined) {
      const [team] = await tx
        .select({ teamName: signups.teamName })
        .from(signups)
        .where(and(eq(signups.id, input.signupId), eq(signups.rallyYear, rally.year), inArray(signups.status, [...HOLDING_A_PLACE])));
      if (!team) throw new HttpError(404, NO_SUCH_TEAM);
      teamName = team.teamName;
    }
    const row = theRow(
      await tx
        .insert(rallyMessages)
        .values({
          rallyYear: rally.year,
          signupId: input.signupId ?? null,
          body: input.body,
          sentByUserId: request.currentUser?.id ?? null,
        })
        .returning(),
      'the new message',
    );
    await recordAudit(tx, request, {
      action: 'rally_message.send',
      targetType: 'rally_message',
      targetId: row.id,
      details: { signupId: row.signupId, body: row.body },
    });
    await notifyLive(tx, { kind: 'messages.new', id: row.id });
    return { id: row.id, body: row.body, toAll: row.signupId == null, signupId: row.signupId, teamName, sentAt: row.sentAt.toISOString() };
  });
  await queueMessagePush(app, message.id);
  return message;
}
