import { and, eq } from 'drizzle-orm';
import { rallyDate } from '../../../common/rally-time';
import type { AllOk } from '../../../common/schemas/control-room';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { allOkCheckIns } from '../../db/schema';
import { HttpError } from '../../errors';
import { notifyLive } from '../../services/live-events';
import type { RallyTeam } from '../clues';

export const NOT_DURING_TRIP = '"All OK tonight" is sent during the rally trip only.';

const toAllOk = (row: { day: string; createdAt: Date }): AllOk => ({ day: row.day, at: row.createdAt.toISOString() });

/**
 * A team's "All OK tonight": one per team and calendar day in the rally's time zone (the `timeZone`
 * setting), during the trip. Sending it again that day (the other phone,
 * a retry) keeps the first; a retried clientId gives the same answer.
 */
export async function sayAllOk(db: Db, rally: RallySettings, now: Date, team: RallyTeam, clientId: string): Promise<AllOk> {
  const day = rallyDate(now, rally.timeZone);
  if (day < rally.tripStart || day > rally.tripEnd) throw new HttpError(409, NOT_DURING_TRIP);
  return db.transaction(async (tx) => {
    const [retry] = await tx.select().from(allOkCheckIns).where(eq(allOkCheckIns.clientId, clientId));
    if (retry) {
      if (retry.signupId !== team.id) throw new HttpError(409, 'This clientId was used by another team.');
      return toAllOk(retry);
    }
    const [inserted] = await tx
      .insert(allOkCheckIns)
      .values({ clientId, signupId: team.id, rallyYear: rally.year, day })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await notifyLive(tx, { kind: 'admin.contact', signupId: team.id });
      return toAllOk(inserted);
    }
    const [first] = await tx
      .select()
      .from(allOkCheckIns)
      .where(and(eq(allOkCheckIns.signupId, team.id), eq(allOkCheckIns.day, day)));
    if (!first) throw new HttpError(409, 'Please send it again.');
    return toAllOk(first);
  });
}

export async function allOkOn(db: Db, signupId: number, day: string): Promise<AllOk | null> {
  const [row] = await db
    .select()
    .from(allOkCheckIns)
    .where(and(eq(allOkCheckIns.signupId, signupId), eq(allOkCheckIns.day, day)));
  return row ? toAllOk(row) : null;
}
