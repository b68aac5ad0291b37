import { and, eq } from 'drizzle-orm';
import { rallyDate } from '../../../common/rally-time';
import type { AllOk } from '../../../common/schemas/control-room';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { allOkCheckIns, type AllOkCheckIn } from '../../db/schema';
import { HttpError } from '../../errors';
import { keptMadeAt } from '../../services/act-time';
import { notifyLive } from '../../services/live-events';
import { oncePerClientId } from '../../services/once-per-client-id';
import type { RallyTeam } from '../../services/rally-team';

export const NOT_DURING_TRIP = '"All OK tonight" is sent during the rally trip only.';

const toAllOk = (row: AllOkCheckIn): AllOk => ({ day: row.day, at: (row.madeAt ?? row.createdAt).toISOString() });

/**
 * A team's "All OK tonight": one per team and calendar day in the rally's time zone (the setting
 * `timeZone`, as the clue days), the day it was made on the phone (`madeAt`), during the trip.
 * Sending it again that day (the other phone, a retry) keeps the first; a retried clientId gives the
 * same answer, and a clientId of another team's is the one 409 for a reused id.
 */
export async function sayAllOk(
  db: Db,
  rally: RallySettings,
  now: Date,
  team: RallyTeam,
  input: { clientId: string; madeAt?: string | undefined },
): Promise<AllOk> {
  const madeAt = keptMadeAt(input.madeAt, { now });
  const day = rallyDate(madeAt, rally.timeZone);
  if (day < rally.tripStart || day > rally.tripEnd) throw new HttpError(409, NOT_DURING_TRIP);
  const find = async () => (await db.select().from(allOkCheckIns).where(eq(allOkCheckIns.clientId, input.clientId)))[0];
  const { row } = await oncePerClientId({
    find,
    same: (r: AllOkCheckIn) => r.signupId === team.id,
    store: () =>
      db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(allOkCheckIns)
          .values({
            clientId: input.clientId,
            signupId: team.id,
            rallyYear: rally.year,
            day,
            madeAt: input.madeAt === undefined ? null : madeAt,
          })
          .onConflictDoNothing()
          .returning();
        if (inserted) {
          await notifyLive(tx, { kind: 'admin.contact', signupId: team.id });
          return inserted;
        }
        if (await find()) return undefined;
        // The other phone said it first today: its one stands.
        const [first] = await tx
          .select()
          .from(allOkCheckIns)
          .where(and(eq(allOkCheckIns.signupId, team.id), eq(allOkCheckIns.day, day)));
        // Neither row is readable yet (both committing at once): the phone sends it again.
        if (!first) throw new HttpError(503, 'Please send it again.');
        return first;
      }),
  });
  return toAllOk(row);
}

export async function allOkOn(db: Db, signupId: number, day: string): Promise<AllOk | null> {
  const [row] = await db
    .select()
    .from(allOkCheckIns)
    .where(and(eq(allOkCheckIns.signupId, signupId), eq(allOkCheckIns.day, day)));
  return row ? toAllOk(row) : null;
}
