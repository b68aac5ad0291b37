import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TeamUpdate as TeamUpdateView } from '../../../common/schemas/team-updates';
import type { Db } from '../../db/client';
import { signups, teamUpdates } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { recordAudit } from '../../services/audit';
import { notifyLive } from '../../services/live-events';
import { setImageWithdrawn, type Storage } from '../../services/storage';
import { toUpdateView } from '../../services/team-update-views';

export const NO_SUCH_UPDATE = 'Team update not found';

/**
 * An organiser hides an update (with the reason its team reads) or shows it again. Audited, and
 * open pages hear `updates.changed`. Hiding a hidden update again keeps the first reason (a retry).
 * Its photo leaves its public address while hidden (S3 serves it without asking the site), before
 * the change commits: a storage failure leaves the update as it was.
 */
export async function setUpdateHidden(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  id: number,
  change: { hide: true; reason: string } | { hide: false },
): Promise<TeamUpdateView> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ update: teamUpdates, teamName: signups.teamName })
      .from(teamUpdates)
      .innerJoin(signups, eq(signups.id, teamUpdates.signupId))
      .where(eq(teamUpdates.id, id))
      .for('update', { of: teamUpdates });
    if (!before) throw new HttpError(404, NO_SUCH_UPDATE);
    if ((before.update.hiddenAt !== null) === change.hide) return toUpdateView(before.update, before.teamName);
    const row = theRow(
      await tx
        .update(teamUpdates)
        .set(
          change.hide
            ? { hiddenAt: new Date(), hiddenByUserId: request.currentUser?.id ?? null, hiddenReason: change.reason }
            : { hiddenAt: null, hiddenByUserId: null, hiddenReason: null },
        )
        .where(eq(teamUpdates.id, id))
        .returning(),
      'the hidden or shown update',
    );
    if (row.photoUrl) {
      await setImageWithdrawn(storage, row.photoUrl, change.hide).catch((error: unknown) => {
        request.log.error({ err: error }, 'update photo not moved');
        throw new HttpError(503, `The photo could not be ${change.hide ? 'taken down' : 'put back'} just now. Please try again.`);
      });
    }
    await recordAudit(tx, request, {
      action: change.hide ? 'team_update.hide' : 'team_update.unhide',
      targetType: 'team_update',
      targetId: id,
      details: { signupId: row.signupId, ...(change.hide ? { reason: change.reason } : { reason: before.update.hiddenReason }) },
    });
    await notifyLive(tx, { kind: 'updates.changed', signupId: row.signupId, id });
    return toUpdateView(row, before.teamName);
  });
}
