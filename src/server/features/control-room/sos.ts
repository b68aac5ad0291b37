import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Sos, SosInput } from '../../../common/schemas/control-room';
import type { Db } from '../../db/client';
import { signups, sosAlerts, type SosAlert } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { recordAudit } from '../../services/audit';
import { notifyLive } from '../../services/live-events';
import { sendPromisedMail } from '../../services/mail-queue';
import { siteLink } from '../../services/site-links';
import { organiserAddress } from '../../services/organiser-notifications';
import type { RallyTeam } from '../clues';
import { sosEmail } from './sos-email';

export const SOS_ID_TAKEN = 'This clientId was used for another SOS.';
export const NO_SUCH_SOS = 'SOS not found';

export const toSos = (row: SosAlert): Sos => ({
  id: row.id,
  clientId: row.clientId,
  raisedAt: row.raisedAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/**
 * A team's SOS. The phone may send it again (lost signal): the same clientId is the same alert,
 * raised once, e-mailed once. The organisers hear of it at once (admin.sos on the live bus, never
 * on the public stream) and by e-mail, queued with the other promised mail so a mail server that is
 * down delays it but never loses it.
 */
export async function raiseSos(
  app: FastifyInstance,
  rally: RallySettings,
  team: RallyTeam,
  userId: string,
  input: SosInput,
): Promise<{ sos: Sos; created: boolean }> {
  const result = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sosAlerts)
      .values({
        clientId: input.clientId,
        signupId: team.id,
        rallyYear: rally.year,
        raisedByUserId: userId,
        latitude: input.position?.lat ?? null,
        longitude: input.position?.lng ?? null,
        accuracyMetres: input.position?.accuracy ?? null,
        note: input.note ?? '',
      })
      .onConflictDoNothing({ target: sosAlerts.clientId })
      .returning();
    if (inserted) {
      await notifyLive(tx, { kind: 'admin.sos', signupId: team.id, id: inserted.id });
      return { row: inserted, created: true };
    }
    const [earlier] = await tx.select().from(sosAlerts).where(eq(sosAlerts.clientId, input.clientId));
    if (!earlier || earlier.signupId !== team.id) throw new HttpError(409, SOS_ID_TAKEN);
    return { row: earlier, created: false };
  });
  if (result.created) {
    const [driver] = await app.db
      .select({ first: signups.driverFirstName, last: signups.driverLastName, phone: signups.driverPhone })
      .from(signups)
      .where(eq(signups.id, team.id));
    await sendPromisedMail(
      app,
      sosEmail(organiserAddress(rally), rally, {
        teamName: team.teamName,
        driverName: driver ? `${driver.first} ${driver.last}` : '',
        driverPhone: driver?.phone ?? '',
        alert: result.row,
        controlRoom: siteLink(app.config, '/admin/control-room'),
      }),
    );
  }
  return { sos: toSos(result.row), created: result.created };
}

/** The team's SOS still open (the latest), for the rally app. */
export async function openSosOf(db: Db, signupId: number): Promise<SosAlert | null> {
  const [row] = await db
    .select()
    .from(sosAlerts)
    .where(and(eq(sosAlerts.signupId, signupId), isNull(sosAlerts.resolvedAt)))
    .orderBy(sosAlerts.raisedAt)
    .limit(1);
  return row ?? null;
}

/** An organiser marks an SOS dealt with (audited); resolving twice is a 409. */
export async function resolveSos(app: FastifyInstance, request: FastifyRequest, year: number, id: number, note?: string): Promise<Sos> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sosAlerts)
      .where(and(eq(sosAlerts.id, id), eq(sosAlerts.rallyYear, year)))
      .for('update');
    if (!row) throw new HttpError(404, NO_SUCH_SOS);
    if (row.resolvedAt) throw new HttpError(409, 'This SOS is already marked resolved.');
    const updated = theRow(
      await tx
        .update(sosAlerts)
        .set({ resolvedAt: new Date(), resolvedByUserId: request.currentUser?.id ?? null, resolveNote: note || null })
        .where(eq(sosAlerts.id, id))
        .returning(),
      'the resolved SOS',
    );
    await recordAudit(tx, request, {
      action: 'sos.resolve',
      targetType: 'sos',
      targetId: id,
      details: { signupId: row.signupId, note: note ?? '' },
    });
    await notifyLive(tx, { kind: 'admin.sos', signupId: row.signupId, id });
    return toSos(updated);
  });
}
