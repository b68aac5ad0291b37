import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rallyTime, zoneAbbreviation } from '../../../common/rally-time';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Sos } from '../../../common/schemas/control-room';
import { sosAlerts, type SosAlert } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { recordAudit, type Tx } from '../../services/audit';
import { notifyLive } from '../../services/live-events';
import { toSos } from '../../services/sos';
import { queueTeamPush } from './push-send';

/** The organisers' side of an SOS (a team raises it: services/sos.ts): seen, and resolved. */

export const NO_SUCH_SOS = 'SOS not found';
export const ALREADY_RESOLVED = 'This SOS is already marked resolved.';

async function organiserSos(tx: Tx, year: number, id: number): Promise<SosAlert> {
  const [row] = await tx
    .select()
    .from(sosAlerts)
    .where(and(eq(sosAlerts.id, id), eq(sosAlerts.rallyYear, year)))
    .for('update');
  if (!row) throw new HttpError(404, NO_SUCH_SOS);
  return row;
}

/** A time in a push message, which stands alone on the phone's screen, so it names its zone: "14:07 CEST". */
const pushTime = (at: Date, timeZone: string) => `${rallyTime(at, timeZone)} ${zoneAbbreviation(timeZone, at)}`;

/**
 * An organiser has seen the SOS ("I've seen it" in the control room): stored once with who (audited
 * `sos.seen`), and the team told in the app and by push. Seen again: the first stays.
 */
export async function seeSos(app: FastifyInstance, request: FastifyRequest, rally: RallySettings, id: number, now: Date): Promise<Sos> {
  const result = await app.db.transaction(async (tx) => {
    const row = await organiserSos(tx, rally.year, id);
    if (row.seenAt) return { row, first: false };
    const updated = theRow(
      await tx
        .update(sosAlerts)
        .set({ seenAt: now, seenByUserId: request.currentUser?.id ?? null })
        .where(eq(sosAlerts.id, id))
        .returning(),
      'the SOS seen',
    );
    await recordAudit(tx, request, { action: 'sos.seen', targetType: 'sos', targetId: id, details: { signupId: row.signupId } });
    await notifyLive(tx, { kind: 'admin.sos', signupId: row.signupId, id });
    return { row: updated, first: true };
  });
  if (result.first)
    await queueTeamPush(app, result.row.signupId, {
      title: `${rally.productName}: your SOS`,
      body: `Seen by the organisers at ${pushTime(now, rally.timeZone)}. They will contact you. In danger, call 112.`,
      url: '/rally-app',
      tag: `sos-${id}`,
    });
  return toSos(result.row);
}

/**
 * An organiser marks an SOS dealt with, saying how (audited `sos.resolve`); resolving twice is a
 * 409. Resolved is seen too. The team reads the note in the app and by push.
 */
export async function resolveSos(
  app: FastifyInstance,
  request: FastifyRequest,
  rally: RallySettings,
  id: number,
  note: string,
  now: Date,
): Promise<Sos> {
  const row = await app.db.transaction(async (tx) => {
    const open = await organiserSos(tx, rally.year, id);
    if (open.resolvedAt) throw new HttpError(409, ALREADY_RESOLVED);
    const by = request.currentUser?.id ?? null;
    const updated = theRow(
      await tx
        .update(sosAlerts)
        .set({
          resolvedAt: now,
          resolvedByUserId: by,
          resolveNote: note,
          ...(open.seenAt ? {} : { seenAt: now, seenByUserId: by }),
        })
        .where(eq(sosAlerts.id, id))
        .returning(),
      'the resolved SOS',
    );
    await recordAudit(tx, request, { action: 'sos.resolve', targetType: 'sos', targetId: id, details: { signupId: open.signupId, note } });
    await notifyLive(tx, { kind: 'admin.sos', signupId: open.signupId, id });
    return updated;
  });
  await queueTeamPush(app, row.signupId, {
    title: `${rally.productName}: your SOS`,
    body: `Resolved at ${pushTime(now, rally.timeZone)}: ${note}`,
    url: '/rally-app',
    tag: `sos-${id}`,
  });
  return toSos(row);
}
