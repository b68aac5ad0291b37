import type { Position } from '../../../common/schemas/clues';
import type { Db } from '../../db/client';
import type { Clue } from '../../db/schema';
import { CoolDownError, HttpError } from '../../errors';
import { hit } from '../../services/rate-limit';

/**
 * Check-ins prove presence (docs/features/clues.md, "Check-ins"): a position counts only when the
 * phone vouches for it to within the clue's radius, and a team may try a clue's place only so often,
 * so claimed positions cannot be used to probe where the place is.
 */
export const CHECK_INS_PER_CLUE = 5;
export const CHECK_IN_WINDOW_MS = 10 * 60_000;

export const NOT_ACCURATE_ENOUGH =
  "Your phone's position is not accurate enough to check in here yet. Wait for a better fix (outdoors, with location on) and try again.";
export const TOO_MANY_CHECK_INS = 'Too many check-ins at this clue in a short time.';

/** The only words a check-in answers with: nothing that tells how far the place is. */
export const checkInResult = (within: boolean) => (within ? ('checked in' as const) : ('not close enough yet' as const));

/**
 * Refuses a new check-in whose accuracy is missing or worse than the clue's radius (409), and the
 * team's sixth at one clue in 10 minutes (429 with the cool-down's end). Retries of a check-in
 * already stored are answered before this and never count.
 */
export async function assertCheckInAllowed(db: Db, signupId: number, clue: Clue, position: Position, timeZone: string): Promise<void> {
  if (position.accuracy === undefined || position.accuracy > clue.radiusMetres) throw new HttpError(409, NOT_ACCURATE_ENOUGH);
  const { count, resetAt } = await hit(db, {
    key: `check-in:${signupId}:${clue.id}`,
    max: CHECK_INS_PER_CLUE,
    windowMs: CHECK_IN_WINDOW_MS,
  });
  if (count > CHECK_INS_PER_CLUE) throw new CoolDownError(TOO_MANY_CHECK_INS, resetAt, timeZone);
}
