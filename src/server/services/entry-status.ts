import { and, count, desc, eq, lt, or } from 'drizzle-orm';
import type { EntryStatus, StatusChangeView } from '../../common/schemas/entry-status';
import type { Db } from '../db/client';
import { entryStatusChanges, signups, type User } from '../db/schema';
import { HttpError } from '../errors';

/**
 * Who is moving the entry: an organiser may make any move; a rallier may only withdraw; the site
 * itself moves it with no user (a confirmed or failed payment, a place off the waiting list),
 * recorded with actorEmail null.
 */
export type StatusActor = { user: Pick<User, 'id' | 'email'>; role: 'organiser' | 'rallier' } | { role: 'system' };

function refuseMove(actor: StatusActor, from: EntryStatus, to: EntryStatus) {
  if (from === to) throw new HttpError(409, `The entry is already ${to.replace('_', ' ')}.`);
  if (actor.role === 'rallier' && to !== 'withdrawn') throw new HttpError(403, 'Only the organisers can change the status of an entry.');
}

/**
 * Moves one team to another status and records the move (who, when, from, to, why) in the same
 * transaction. The row lock makes two simultaneous moves of one team take turns, so the recorded
 * "from" is always what the team really was.
 */
export async function changeEntryStatus(
  db: Db,
  signupId: number,
  to: EntryStatus,
  actor: StatusActor,
  reason?: string,
): Promise<{ from: EntryStatus; to: EntryStatus; year: number }> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .select({ status: signups.status, year: signups.rallyYear })
      .from(signups)
      .where(eq(signups.id, signupId))
      .for('update');
    if (!team) throw new HttpError(404, 'Signup not found');
    refuseMove(actor, team.status, to);
    // An organiser's move to the waiting list holds the team there: a place freeing up does not
    // undo it (rally-places.ts). Any move off the list ends the hold.
    const held = to === 'waiting_list' && actor.role === 'organiser';
    await tx.update(signups).set({ status: to, heldOnWaitingList: held }).where(eq(signups.id, signupId));
    await tx.insert(entryStatusChanges).values({
      signupId,
      fromStatus: team.status,
      toStatus: to,
      actorUserId: actor.role === 'system' ? null : actor.user.id,
      actorEmail: actor.role === 'system' ? null : actor.user.email,
      reason: reason || null,
    });
    return { from: team.status, to, year: team.year };
  });
}

/** Moves each team that is not already there; the rest are counted, not refused. */
export async function changeEntryStatuses(db: Db, ids: number[], to: EntryStatus, actor: StatusActor, reason?: string) {
  const moved: { id: number; from: EntryStatus; year: number }[] = [];
  for (const id of new Set(ids)) {
    const [team] = await db.select({ status: signups.status }).from(signups).where(eq(signups.id, id));
    if (!team) throw new HttpError(404, `Signup ${id} not found`);
    if (team.status === to) continue;
    const { from, year } = await changeEntryStatus(db, id, to, actor, reason);
    moved.push({ id, from, year });
  }
  return { moved, unchanged: new Set(ids).size - moved.length };
}

/** A team's moves, newest first. */
export async function statusHistory(db: Db, signupId: number): Promise<StatusChangeView[]> {
  const rows = await db
    .select()
    .from(entryStatusChanges)
    .where(eq(entryStatusChanges.signupId, signupId))
    .orderBy(desc(entryStatusChanges.createdAt), desc(entryStatusChanges.id));
  return rows.map((r) => ({
    id: r.id,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    actorEmail: r.actorEmail,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Lets a team an organiser held on the waiting list back into the line (or holds it again). Only a
 * waiting team can be held; the caller offers any free place afterwards.
 */
export async function setWaitingListHold(db: Db, signupId: number, held: boolean): Promise<{ teamName: string; year: number }> {
  const [team] = await db
    .select({ status: signups.status, teamName: signups.teamName, year: signups.rallyYear })
    .from(signups)
    .where(eq(signups.id, signupId));
  if (!team) throw new HttpError(404, 'Signup not found');
  if (team.status !== 'waiting_list') throw new HttpError(409, 'Only a team on the waiting list can be held there.');
  await db.update(signups).set({ heldOnWaitingList: held }).where(eq(signups.id, signupId));
  return { teamName: team.teamName, year: team.year };
}

/**
 * 1 for the first team in line, by when it registered; null when the team is not waiting or is
 * held out of the line by the organisers (held teams are not counted ahead of others either).
 */
export async function waitingListPosition(
  db: Db,
  team: { id: number; rallyYear: number; status: EntryStatus; createdAt: Date; heldOnWaitingList: boolean },
): Promise<number | null> {
  if (team.status !== 'waiting_list' || team.heldOnWaitingList) return null;
  const [ahead] = await db
    .select({ n: count() })
    .from(signups)
    .where(
      and(
        eq(signups.rallyYear, team.rallyYear),
        eq(signups.status, 'waiting_list'),
        eq(signups.heldOnWaitingList, false),
        or(lt(signups.createdAt, team.createdAt), and(eq(signups.createdAt, team.createdAt), lt(signups.id, team.id))),
      ),
    );
  return (ahead?.n ?? 0) + 1;
}
