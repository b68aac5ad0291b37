import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rallyDate } from '../../common/rally-time';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { Sos, SosInput } from '../../common/schemas/control-room';
import type { Db } from '../db/client';
import { signups, sosAlerts, sosPresses, type SosAlert } from '../db/schema';
import { theRow } from '../db/rows';
import { HttpError } from '../errors';
import { keptMadeAt } from './act-time';
import type { Tx } from './audit';
import { notifyLive } from './live-events';
import { sendPromisedMail } from './mail-queue';
import { siteLink } from './site-links';
import { organiserAddress } from './organiser-notifications';
import { CLIENT_ID_REUSED } from './once-per-client-id';
import type { RallyTeam } from './rally-team';
import { sosEmail } from './sos-email';

/**
 * A team's SOS, raised from the rally app (features/rally-app) or a tracker app
 * (features/tracking), and how the team reads it back; the organisers see and resolve it in the
 * control room (features/control-room).
 */

/** When the team pressed it: kept since the site knows it, else the time it arrived. */
export const madeAtOf = (row: SosAlert): Date => row.madeAt ?? row.raisedAt;

export const toSos = (row: SosAlert): Sos => ({
  id: row.id,
  clientId: row.clientId,
  raisedAt: row.raisedAt.toISOString(),
  madeAt: madeAtOf(row).toISOString(),
  arrivedAt: row.raisedAt.toISOString(),
  seenAt: row.seenAt?.toISOString() ?? null,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  resolveNote: row.resolveNote,
});

type Press = { note: string; latitude: number | null; longitude: number | null; accuracyMetres: number | null };

const pressOf = (input: SosInput): Press => ({
  note: input.note ?? '',
  latitude: input.position?.lat ?? null,
  longitude: input.position?.lng ?? null,
  accuracyMetres: input.position?.accuracy ?? null,
});

const samePress = (a: Press, b: Press) =>
  a.note === b.note && a.latitude === b.latitude && a.longitude === b.longitude && a.accuracyMetres === b.accuracyMetres;

/** A press seen before (a retry after lost signal): its SOS; the same id with another body is a 409. */
async function earlierPress(tx: Tx, team: RallyTeam, clientId: string, press: Press): Promise<SosAlert | null> {
  const [earlier] = await tx
    .select({ press: sosPresses, sos: sosAlerts })
    .from(sosPresses)
    .innerJoin(sosAlerts, eq(sosAlerts.id, sosPresses.sosId))
    .where(eq(sosPresses.clientId, clientId));
  if (earlier) {
    if (earlier.sos.signupId !== team.id || !samePress(earlier.press, press)) throw new HttpError(409, CLIENT_ID_REUSED);
    return earlier.sos;
  }
  // An SOS stored before each press was kept: its own row is the press.
  const [old] = await tx.select().from(sosAlerts).where(eq(sosAlerts.clientId, clientId));
  if (old && (old.signupId !== team.id || old.note !== press.note)) throw new HttpError(409, CLIENT_ID_REUSED);
  return old ?? null;
}

/**
 * A team's SOS. The team has one open SOS at a time: the first press opens it, and the organisers
 * hear of it at once (admin.sos on the live bus, never on the public stream) and by e-mail, queued
 * with the other promised mail so a mail server that is down delays it but never loses it. A press
 * while one is open (the other phone, a second try) updates it (its note and position, when it
 * brings them, and when it was last pressed) and e-mails nobody again. A retry of a press (the same
 * clientId, lost signal) is the same SOS; the same clientId with another body is refused.
 * Made time: the phone's madeAt within bounds (services/act-time.ts); arrival: the site's now.
 */
export async function raiseSos(
  app: FastifyInstance,
  rally: RallySettings,
  now: Date,
  team: RallyTeam,
  userId: string,
  input: SosInput,
): Promise<{ sos: Sos; created: boolean }> {
  const press = pressOf(input);
  const madeAt = keptMadeAt(input.madeAt, { now });
  const position =
    press.latitude != null ? { latitude: press.latitude, longitude: press.longitude, accuracyMetres: press.accuracyMetres } : {};
  const result = await app.db.transaction(async (tx) => {
    // Both phones may press at once: one at a time per team, so the team has one open SOS.
    await tx.select({ id: signups.id }).from(signups).where(eq(signups.id, team.id)).for('update');
    const earlier = await earlierPress(tx, team, input.clientId, press);
    if (earlier) return { row: earlier, created: false };
    const [open] = await tx
      .select()
      .from(sosAlerts)
      .where(and(eq(sosAlerts.signupId, team.id), eq(sosAlerts.rallyYear, rally.year), isNull(sosAlerts.resolvedAt)))
      .orderBy(desc(sosAlerts.raisedAt))
      .limit(1);
    if (open) {
      await tx.insert(sosPresses).values({ clientId: input.clientId, sosId: open.id, ...press, madeAt, arrivedAt: now });
      const later = !open.repeatedAt || madeAt > open.repeatedAt;
      const updated = theRow(
        await tx
          .update(sosAlerts)
          .set({
            ...(press.note && later ? { note: press.note } : {}),
            ...(press.latitude != null && later ? { ...position, positionAt: madeAt } : {}),
            ...(later ? { repeatedAt: madeAt } : {}),
          })
          .where(eq(sosAlerts.id, open.id))
          .returning(),
        'the SOS pressed again',
      );
      await notifyLive(tx, { kind: 'admin.sos', signupId: team.id, id: open.id });
      return { row: updated, created: false };
    }
    const [inserted] = await tx
      .insert(sosAlerts)
      .values({
        clientId: input.clientId,
        signupId: team.id,
        rallyYear: rally.year,
        raisedByUserId: userId,
        ...position,
        positionAt: press.latitude != null ? madeAt : null,
        note: press.note,
        madeAt,
        raisedAt: now,
      })
      .onConflictDoNothing({ target: sosAlerts.clientId })
      .returning();
    if (!inserted) throw new HttpError(409, CLIENT_ID_REUSED);
    await tx.insert(sosPresses).values({ clientId: input.clientId, sosId: inserted.id, ...press, madeAt, arrivedAt: now });
    await notifyLive(tx, { kind: 'admin.sos', signupId: team.id, id: inserted.id });
    return { row: inserted, created: true };
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

/**
 * The team's SOS for the rally app: the open one, else the latest resolved on the rally's day of
 * `now` (so the team reads the organisers' note until that day ends).
 */
export async function teamSosOf(db: Db, rally: RallySettings, signupId: number, now: Date): Promise<SosAlert | null> {
  const latest = (resolved: boolean) =>
    db
      .select()
      .from(sosAlerts)
      .where(and(eq(sosAlerts.signupId, signupId), resolved ? isNotNull(sosAlerts.resolvedAt) : isNull(sosAlerts.resolvedAt)))
      .orderBy(desc(resolved ? sosAlerts.resolvedAt : sosAlerts.raisedAt))
      .limit(1);
  const [open] = await latest(false);
  if (open) return open;
  const [resolved] = await latest(true);
  const today = rallyDate(now, rally.timeZone);
  return resolved?.resolvedAt && rallyDate(resolved.resolvedAt, rally.timeZone) === today ? resolved : null;
}
