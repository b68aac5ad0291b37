import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clues, signups, type Clue } from '../../db/schema';
import type { Tx } from '../../services/audit';
import { HttpError } from '../../errors';

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
