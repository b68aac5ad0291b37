import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TeamRole } from '../../common/schemas/signup';
import type { Db } from '../db/client';
import { signups, type Signup, type User } from '../db/schema';
import { currentRallyYear } from './rally-settings';
import { roleOn } from './team-views';

/** A team the account sees on the dashboard, and whether it is there as driver or co-driver. */
export type MyTeam = { signup: Signup; role: TeamRole };
type Account = Pick<User, 'id'>;

/**
 * Who sees a team, the one rule: its driver, through the account link that verification or an
 * accepted invitation sets, and its co-driver, through the acceptance recorded on the team
 * (coDriverUserId, set only when the owner of the co-driver address accepted). A named address
 * alone shows nothing; naming another co-driver clears the acceptance, ending the old one's access.
 */
export function seesTeam(account: Account): SQL {
  return or(eq(signups.userId, account.id), eq(signups.coDriverUserId, account.id))!;
}

/**
 * The team the dashboard shows: of the teams the account sees, this rally year's; failing that, the
 * most recent year's; a team it drives before one it co-drives; ties go to the newest row, so the
 * same team is chosen every time.
 */
export async function findMyTeam(db: Db, account: Account): Promise<MyTeam | undefined> {
  const [signup] = await db
    .select()
    .from(signups)
    .where(seesTeam(account))
    .orderBy(
      desc(sql`${signups.rallyYear} = ${currentRallyYear}`),
      desc(signups.rallyYear),
      desc(sql`${signups.userId} is not distinct from ${account.id}`),
      desc(signups.id),
    )
    .limit(1);
  return signup && { signup, role: roleOn(signup, account.id) };
}
