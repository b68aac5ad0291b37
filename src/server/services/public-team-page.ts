import { donorNameShown } from '../../common/schemas/donation';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { donations, signups } from '../db/schema';
import { teamTarget } from '../../common/fundraising';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { PublicTeamPage } from '../../common/schemas/public-team';
import { theRow } from '../db/rows';
import { teamCountSql, teamTotalSql } from './donation-totals';

/**
 * What anyone may see of a team: its public columns, and its donate page's figures, which the
 * fundraising pages show and the followers' e-mails repeat (the same total, the same target).
 */

/**
 * The public columns, listed one by one: a row is never spread into a public answer, so a
 * column added to signups later stays private until someone adds it here on purpose.
 */
/**
 * A co-driver invited by e-mail is named in public only once they have accepted (the driver may
 * have named someone who has not agreed); one named without an address has nothing to accept.
 */
const coDriverPublic = sql`(${signups.coDriverEmail} is null or ${signups.coDriverAcceptedAt} is not null or ${signups.coDriverUserId} is not null)`;
export const publicColumns = {
  id: signups.id,
  teamName: signups.teamName,
  driverFirstName: signups.driverFirstName,
  driverLastName: signups.driverLastName,
  coDriverFirstName: sql<string | null>`case when ${coDriverPublic} then ${signups.coDriverFirstName} end`,
  coDriverLastName: sql<string | null>`case when ${coDriverPublic} then ${signups.coDriverLastName} end`,
  carMake: signups.carMake,
  carModel: signups.carModel,
  carYear: signups.carYear,
  carImageUrl: signups.carImageUrl,
  sponsors: signups.sponsors,
  previousRallyYears: signups.previousRallyYears,
  justGivingUrl: signups.justGivingUrl,
};

/** The settings public lists and totals follow. */
export type ListRules = Pick<RallySettings, 'year' | 'showOnlyPaidTeams' | 'publicTotalsVerifiedOnly' | 'minimumFundraisingPerTeam'>;

/** One team's donate page: the public columns, its story and target, its bigint total and latest supporters. */
export async function findPublicTeamPage(db: Db, id: number, rally: ListRules): Promise<PublicTeamPage | null> {
  const [row] = await db
    .select({ ...publicColumns, rallyYear: signups.rallyYear, story: signups.story, ownTarget: signups.fundraisingTarget })
    .from(signups)
    .where(eq(signups.id, id));
  if (!row) return null;
  const counted = rally.publicTotalsVerifiedOnly ? eq(donations.state, 'verified') : undefined;
  const sums = theRow(
    await db
      .select({ total: sql<number>`${teamTotalSql}`.mapWith(Number), count: sql<number>`${teamCountSql}`.mapWith(Number) })
      .from(donations)
      .where(and(eq(donations.signupId, id), counted)),
    "the team's donation totals",
  );
  // Named columns only: the donor's e-mail never leaves the server on a public page.
  const latest = await db
    .select({
      donorName: donations.donorName,
      isAnonymous: donations.isAnonymous,
      hideAmount: donations.hideAmount,
      amount: donations.amount,
      message: donations.message,
      createdAt: donations.createdAt,
    })
    .from(donations)
    // The JustGiving line is a page total, not one supporter.
    .where(and(eq(donations.signupId, id), ne(donations.source, 'justgiving'), counted))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(20);
  const supporters = latest.map((d) => ({
    name: donorNameShown(d) ?? 'Anonymous',
    amount: d.hideAmount ? null : d.amount,
    message: d.message,
    createdAt: d.createdAt.toISOString(),
  }));
  const { ownTarget, ...team } = row;
  return { ...team, target: teamTarget(ownTarget, rally), donationTotal: sums.total, donationCount: sums.count, supporters };
}
