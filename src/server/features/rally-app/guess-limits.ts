import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clueAnswers } from '../../db/schema';
import { CoolDownError } from '../../errors';

/**
 * Answers cannot be guessed (docs/features/clues.md, "Wrong answers"): a team may give at most
 * WRONG_PER_CLUE wrong answers to one clue, and WRONG_ACROSS_CLUES to all clues together, in any
 * GUESS_WINDOW_MS; past either, the clue (or every text clue) waits until the oldest of those wrong
 * answers is that old. Counted from the wrong answers stored, by the time the site received them
 * (the phone's time could be set back), so every instance agrees and a retry of the same answer
 * (same clientId) never counts twice.
 */
export const GUESS_WINDOW_MS = 10 * 60_000;
export const WRONG_PER_CLUE = 5;
export const WRONG_ACROSS_CLUES = 15;

export const TOO_MANY_ON_CLUE = 'Too many wrong answers to this clue in a short time.';
export const TOO_MANY_IN_ALL = 'Too many wrong answers in a short time.';

/** Refuses (429 with the cool-down's end) a text answer from a team that has guessed too often. */
export async function assertMayGuess(db: Db, signupId: number, clueId: number, timeZone: string, now = new Date()): Promise<void> {
  const recent = await db
    .select({ clueId: clueAnswers.clueId, receivedAt: clueAnswers.receivedAt })
    .from(clueAnswers)
    .where(
      and(
        eq(clueAnswers.signupId, signupId),
        eq(clueAnswers.status, 'wrong'),
        gt(clueAnswers.receivedAt, new Date(now.getTime() - GUESS_WINDOW_MS)),
      ),
    )
    .orderBy(desc(clueAnswers.receivedAt))
    .limit(WRONG_ACROSS_CLUES);
  const onClue = recent.filter((r) => r.clueId === clueId);
  // Newest first: the limit-th newest is the one whose leaving the window lets the team answer again.
  const until = (rows: typeof recent, limit: number) => new Date(rows[limit - 1]!.receivedAt.getTime() + GUESS_WINDOW_MS);
  if (recent.length >= WRONG_ACROSS_CLUES) throw new CoolDownError(TOO_MANY_IN_ALL, until(recent, WRONG_ACROSS_CLUES), timeZone);
  if (onClue.length >= WRONG_PER_CLUE) throw new CoolDownError(TOO_MANY_ON_CLUE, until(onClue, WRONG_PER_CLUE), timeZone);
}
