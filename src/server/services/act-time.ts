import { HttpError } from '../errors';

/**
 * How far a phone's clock may differ from the site's and its act still be taken at its word. The app
 * corrects its clock by the site's Date header, so what remains is the time an answer takes to travel.
 */
export const MADE_AT_SKEW_MS = 2 * 60_000;

export const MADE_BEFORE_POSSIBLE = 'This was sent with a time before it could have been made, so it cannot count.';

/**
 * The instant a team's act was made, as the site keeps it: the phone's `madeAt` within bounds.
 * - none given (an app from before acts carried it): the time it arrived;
 * - later than now: now, since an act cannot be made after it arrived (a phone clock ahead never
 *   blocks a team);
 * - earlier than the act could have been made (`notBefore`: a clue's release, for instance) by more
 *   than the skew: refused with a plain reason, so nobody backdates an answer; within the skew it is
 *   taken as `notBefore`.
 */
export function keptMadeAt(
  madeAt: string | undefined,
  bounds: { now: Date; notBefore?: Date | null; /** The reason given when too early; a general one by default. */ tooEarly?: string },
): Date {
  const { now, notBefore, tooEarly = MADE_BEFORE_POSSIBLE } = bounds;
  if (madeAt === undefined) return now;
  const claimed = new Date(madeAt);
  if (claimed.getTime() > now.getTime()) return now;
  if (notBefore && claimed.getTime() < notBefore.getTime()) {
    if (notBefore.getTime() - claimed.getTime() > MADE_AT_SKEW_MS) throw new HttpError(400, tooEarly);
    return notBefore;
  }
  return claimed;
}
