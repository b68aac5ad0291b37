import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { veteranYears } from '../../services/veteran-years';
import { currentRallyYear, loadRallySettings } from '../../services/rally-settings';
import type { Db } from '../../db/client';
import type { DonationSource, DonationState } from '../../../common/schemas/donation';
import type { MyDonation } from '../../../common/schemas/my-donation';
import type { MyTeamView, TeamRole } from '../../../common/schemas/signup';
import { donations, signups, teamResults, type Donation, type Signup, type User } from '../../db/schema';
import { rallyIsOver } from '../../../common/season-phase';
import { coDriverView, driverView, roleOn } from './team-views';
import { waitingListPosition } from '../../services/entry-status';

/** A team the account sees on the dashboard, and whether it is there as driver or co-driver. */
export type MyTeam = { signup: Signup; role: TeamRole };
type Account = Pick<User, 'id'>;

/**
 * Who sees a team, the one rule: its driver, through the account link that verification or an
 * accepted invitation sets, and its co-driver, through the acceptance recorded on the team
 * (coDriverUserId, set only when the owner of the co-driver address accepted). A named address
 * alone shows nothing; naming another co-driver clears the acceptance, ending the old one's access.
 */
function seesTeam(account: Account): SQL {
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

/** The team as the dashboard receives it: the view of the caller's role (team-views.ts). */
export async function toMyTeamView(db: Db, { signup, role }: MyTeam, now: Date): Promise<MyTeamView> {
  const extras = {
    waitingListPosition: await waitingListPosition(db, signup),
    veteranYears: (await veteranYears(db, [signup])).get(signup.id) ?? { driver: [], coDriver: [] },
    rallyOver: rallyIsOver(signup.rallyYear, await loadRallySettings(db), now),
    result: await resultOf(db, signup.id),
  };
  return role === 'driver' ? driverView(signup, extras) : coDriverView(signup, extras);
}

/** What the dashboard sees of a donation (no payment-provider internals). */
export function toMyDonation(d: Donation): MyDonation {
  return {
    id: d.id,
    signupId: d.signupId,
    amount: d.amount,
    currency: d.currency,
    donorName: d.donorName,
    donorEmail: d.donorEmail,
    isAnonymous: d.isAnonymous,
    hideAmount: d.hideAmount,
    // The table's check constraints hold these columns to the listed values.
    paymentMethod: d.paymentMethod,
    message: d.message,
    source: d.source as DonationSource,
    recordedBy: d.recordedBy,
    state: d.state as DonationState,
    createdAt: d.createdAt.toISOString(),
  };
}
