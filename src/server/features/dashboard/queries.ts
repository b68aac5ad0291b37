import { and, desc, eq } from 'drizzle-orm';
import { veteranYears } from '../../services/veteran-years';
import { loadRallySettings } from '../../services/rally-settings';
import type { Db } from '../../db/client';
import type { MyTeamView, TeamRole } from '../../../common/schemas/signup';
import { donations, signups, teamResults, type Donation, type User } from '../../db/schema';
import { seesTeam, type MyTeam } from '../../services/my-team';
import { rallyIsOver } from '../../../common/season-phase';
import { coDriverView, driverView, roleOn } from '../../services/team-views';
import { waitingListPosition } from '../../services/entry-status';

type Account = Pick<User, 'id'>;

export async function listMyDonations(db: Db, signupId: number): Promise<Donation[]> {
  return db.select().from(donations).where(eq(donations.signupId, signupId)).orderBy(desc(donations.createdAt), desc(donations.id));
}

/**
 * The donation when it belongs to one of the user's teams, with the user's role on that team;
 * undefined otherwise (another's id looks missing).
 */
export async function findMyDonation(db: Db, account: Account, id: number): Promise<{ donation: Donation; role: TeamRole } | undefined> {
  const [row] = await db
    .select({ donation: donations, teamOwner: signups.userId })
    .from(donations)
    .innerJoin(signups, eq(signups.id, donations.signupId))
    .where(and(eq(donations.id, id), seesTeam(account)));
  return row && { donation: row.donation, role: roleOn({ userId: row.teamOwner }, account.id) };
}

/** The team's result, once organisers have entered it. */
async function resultOf(db: Db, signupId: number): Promise<MyTeamView['result']> {
  const [row] = await db
    .select({ rank: teamResults.rank, carNumber: teamResults.carNumber, score: teamResults.score })
    .from(teamResults)
    .where(eq(teamResults.signupId, signupId));
  return row ?? null;
}

/** The team as the dashboard receives it: the view of the caller's role (services/team-views.ts). */
export async function toMyTeamView(db: Db, { signup, role }: MyTeam, now: Date): Promise<MyTeamView> {
  const extras = {
    waitingListPosition: await waitingListPosition(db, signup),
    veteranYears: (await veteranYears(db, [signup])).get(signup.id) ?? { driver: [], coDriver: [] },
    rallyOver: rallyIsOver(signup.rallyYear, await loadRallySettings(db), now),
    result: await resultOf(db, signup.id),
  };
  return role === 'driver' ? driverView(signup, extras) : coDriverView(signup, extras);
}
