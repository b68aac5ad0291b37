import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { MyAnswer, PendingPhoto } from '../../../common/schemas/clues';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { clueAnswers, clues, signups } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { recordAudit } from '../../services/audit';
import { notifyLive } from '../../services/live-events';
import { distanceMetres } from '../../../common/distance';
import { toMyAnswer } from '../../services/answer-view';

export const NO_PHOTO = 'Photo answer not found';
export const ALREADY_DECIDED = 'This photo has already been approved or rejected.';

/**
 * The season's photo answers waiting for an organiser, oldest first, each with the evidence to judge
 * it by: when it was taken and where the phone was (when it said), beside the clue's place and
 * release time. Organisers only: the published photo is re-encoded without its metadata, and the
 * position never leaves this list.
 */
export async function listPendingPhotos(db: Db, rally: RallySettings): Promise<PendingPhoto[]> {
  const rows = await db
    .select({ answer: clueAnswers, teamName: signups.teamName, clue: clues })
    .from(clueAnswers)
    .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
    .innerJoin(signups, eq(signups.id, clueAnswers.signupId))
    .where(and(eq(clueAnswers.status, 'pending'), eq(clues.rallyYear, rally.year)))
    .orderBy(asc(clueAnswers.receivedAt), asc(clueAnswers.id));
  return rows.map(({ answer, teamName, clue }) => {
    const position =
      answer.latitude != null && answer.longitude != null
        ? { lat: answer.latitude, lng: answer.longitude, accuracy: answer.accuracyMetres ?? null }
        : null;
    return {
      id: answer.id,
      signupId: answer.signupId,
      teamName,
      clueId: answer.clueId,
      clueTitle: clue.title,
      day: clue.day,
      photoUrl: answer.photoUrl ?? '',
      answeredAt: answer.answeredAt.toISOString(),
      receivedAt: answer.receivedAt.toISOString(),
      position,
      distanceMetres: position ? Math.round(distanceMetres(position, { lat: clue.latitude, lng: clue.longitude })) : null,
      place: { name: clue.placeName, lat: clue.latitude, lng: clue.longitude, radiusMetres: clue.radiusMetres },
      releaseAt: clue.releaseAt.toISOString(),
    };
  });
}

/**
 * Approves (the clue's points) or rejects (with the reason the team will read) a photo waiting for
 * approval, once: a second decision is a 409. Changes standings when it approves.
 */
export async function decidePhoto(
  db: Db,
  request: FastifyRequest,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<MyAnswer & { id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ answer: clueAnswers, points: clues.points })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(eq(clueAnswers.id, id), eq(clueAnswers.kind, 'photo')))
      .for('update', { of: clueAnswers });
    if (!row) throw new HttpError(404, NO_PHOTO);
    if (row.answer.status !== 'pending') throw new HttpError(409, ALREADY_DECIDED);
    const updated = theRow(
      await tx
        .update(clueAnswers)
        .set({
          status: decision.approve ? 'approved' : 'rejected',
          points: decision.approve ? row.points : 0,
          rejectReason: decision.approve ? null : decision.reason,
          decidedAt: new Date(),
          decidedByUserId: request.currentUser?.id ?? null,
        })
        .where(eq(clueAnswers.id, id))
        .returning(),
      'the decided photo',
    );
    await notifyLive(tx, { kind: 'standings.changed', signupId: updated.signupId });
    await recordAudit(tx, request, {
      action: decision.approve ? 'clue_photo.approve' : 'clue_photo.reject',
      targetType: 'clue_answer',
      targetId: id,
      details: {
        signupId: updated.signupId,
        clueId: updated.clueId,
        points: updated.points,
        ...(decision.approve ? {} : { reason: decision.reason }),
      },
    });
    return { id: updated.id, ...toMyAnswer(updated) };
  });
}
