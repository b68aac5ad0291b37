import { and, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, type User } from '../../db/schema';
import type { MyDashboard } from '../../../common/schemas/signup';
import { toMyTeamView } from './queries';
import { findMyTeam } from '../../services/my-team';

/**
 * Whether a team waits for this address's first verification: the teams that verification would
 * link (auth/users.ts linkTeamsToUser), i.e. an unlinked team it drives, or one whose co-driver
 * invitation was accepted from it. Telling the unconfirmed account so reveals no more than the
 * registration form's own answer for an address already on a team.
 */
async function waitsForVerification(db: Db, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .select({ id: signups.id })
    .from(signups)
    .where(
      or(
        and(isNull(signups.userId), sql`lower(trim(${signups.driverEmail})) = ${address}`),
        and(isNull(signups.coDriverUserId), isNotNull(signups.coDriverAcceptedAt), sql`lower(trim(${signups.coDriverEmail})) = ${address}`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** What the dashboard shows the account: its team, a registration waiting for the address's confirmation, or none. */
export async function dashboardState(db: Db, user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>, now: Date): Promise<MyDashboard> {
  const team = await findMyTeam(db, user);
  if (team) return { state: 'team', team: await toMyTeamView(db, team, now) };
  if (!user.emailVerifiedAt && (await waitsForVerification(db, user.email))) return { state: 'unconfirmed', email: user.email };
  return { state: 'none' };
}
