import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userOf } from '../../plugins/auth';
import type { Db } from '../../db/client';
import { clues, signups, type Clue, type User } from '../../db/schema';
import type { Tx } from '../../services/audit';
import { HttpError } from '../../errors';
import { HOLDING_A_PLACE } from '../../services/rally-places';

export const NOT_ON_A_TEAM = "You are not on a team in this year's rally.";

export type RallyTeam = { id: number; teamName: string };

/**
 * The signed-in rallier's team in this season's hunt: the team they drive, or co-drive once they
 * accepted the invitation (coDriverUserId is set only then), holding a place. Anyone else is not on
 * a team here (404): they see and change nothing.
 */
export async function findRallyTeam(db: Db, user: Pick<User, 'id'>, year: number): Promise<RallyTeam> {
  const [team] = await db
    .select({ id: signups.id, teamName: signups.teamName })
    .from(signups)
    .where(
      and(
        eq(signups.rallyYear, year),
        inArray(signups.status, [...HOLDING_A_PLACE]),
        or(eq(signups.userId, user.id), eq(signups.coDriverUserId, user.id)),
      ),
    )
    .orderBy(signups.id)
    .limit(1);
  if (!team) throw new HttpError(404, NOT_ON_A_TEAM);
  return team;
}

/**
 * The signed-in rallier's team for a request of the rally app's routes, with this season's settings
 * and the site's clock: what every /api/my-clues and /api/my-rally route starts from.
 */
export async function rallyTeamOf(app: FastifyInstance, request: FastifyRequest) {
  const rally = await app.rallySettings();
  return { rally, team: await findRallyTeam(app.db, userOf(request), rally.year), now: app.clock() };
}

/**
 * A team's acts are taken one at a time (both phones may send at once): its row is locked for the
 * transaction, so a clue is scored once and a hint charged once.
 */
export async function lockTeam(tx: Tx, signupId: number): Promise<void> {
  await tx.select({ id: signups.id }).from(signups).where(eq(signups.id, signupId)).for('update');
}

export const NO_SUCH_CLUE = 'Clue not found';

/** A clue of this season, whatever its release (the caller checks the time). */
export async function seasonClueForTeam(db: Db, year: number, clueId: number): Promise<Clue> {
  const [clue] = await db
    .select()
    .from(clues)
    .where(and(eq(clues.id, clueId), eq(clues.rallyYear, year)));
  if (!clue) throw new HttpError(404, NO_SUCH_CLUE);
  return clue;
}
