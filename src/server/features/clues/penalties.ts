import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Penalty, PenaltyInput } from '../../../common/schemas/clues';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { cluePenalties, signups, users } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError, notFound } from '../../errors';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { recordAudit } from '../../services/audit';
import { notifyLive } from '../../services/live-events';
import { assertRallyDay } from './clue-records';

const NOT_A_TEAM = "That team is not in this year's rally";
const NO_PENALTY = 'No such penalty in this season';

/** The season's penalties, newest first, with the team's name and who gave each. */
export async function listPenalties(db: Db, year: number): Promise<Penalty[]> {
  const rows = await db
    .select({ penalty: cluePenalties, teamName: signups.teamName, createdBy: users.email })
    .from(cluePenalties)
    .innerJoin(signups, eq(signups.id, cluePenalties.signupId))
    .leftJoin(users, eq(users.id, cluePenalties.createdByUserId))
    .where(eq(cluePenalties.rallyYear, year))
    .orderBy(desc(cluePenalties.createdAt), desc(cluePenalties.id));
  return rows.map(({ penalty: p, teamName, createdBy }) => ({
    id: p.id,
    signupId: p.signupId,
    teamName,
    points: p.points,
    reason: p.reason,
    day: p.day,
    createdBy,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** Gives a team of the season a penalty: audited, and open live pages fetch the standings again. */
export async function addPenalty(db: Db, request: FastifyRequest, rally: RallySettings, input: PenaltyInput): Promise<Penalty> {
  const day = input.day ?? null;
  if (day !== null) assertRallyDay(rally, day);
  const [team] = await db
    .select({ id: signups.id, teamName: signups.teamName })
    .from(signups)
    .where(and(eq(signups.id, input.signupId), eq(signups.rallyYear, rally.year), inArray(signups.status, [...HOLDING_A_PLACE])));
  if (!team) throw new HttpError(400, NOT_A_TEAM, [{ path: ['signupId'], message: NOT_A_TEAM }]);
  const row = await db.transaction(async (tx) => {
    const added = theRow(
      await tx
        .insert(cluePenalties)
        .values({
          signupId: team.id,
          rallyYear: rally.year,
          points: input.points,
          reason: input.reason.trim(),
          day,
          createdByUserId: request.currentUser?.id ?? null,
        })
        .returning(),
      'the new penalty',
    );
    await recordAudit(tx, request, {
      action: 'clue_penalty.create',
      targetType: 'signup',
      targetId: team.id,
      details: { after: { id: added.id, team: team.teamName, points: added.points, reason: added.reason, day } },
    });
    await notifyLive(tx, { kind: 'standings.changed', signupId: team.id });
    return added;
  });
  return {
    id: row.id,
    signupId: row.signupId,
    teamName: team.teamName,
    points: row.points,
    reason: row.reason,
    day: row.day,
    createdBy: request.currentUser?.email ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Takes a penalty of the season back: audited with what it was. */
export async function removePenalty(db: Db, request: FastifyRequest, year: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(cluePenalties)
      .where(and(eq(cluePenalties.id, id), eq(cluePenalties.rallyYear, year)))
      .returning();
    if (!gone) throw notFound(NO_PENALTY);
    await recordAudit(tx, request, {
      action: 'clue_penalty.delete',
      targetType: 'signup',
      targetId: gone.signupId,
      details: { before: { id: gone.id, points: gone.points, reason: gone.reason, day: gone.day } },
    });
    await notifyLive(tx, { kind: 'standings.changed', signupId: gone.signupId });
  });
}
