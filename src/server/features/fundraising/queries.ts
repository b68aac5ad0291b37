import { donorNameShown } from '../../../common/schemas/donation';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, signups } from '../../db/schema';
import { defaultTeamTarget, teamTarget } from '../../../common/fundraising';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { LeaderboardEntry, PublicTeam, PublicTeamPage } from '../../../common/schemas/public-team';
import { theRow } from '../../db/rows';
import { teamCountSql, teamTotalSql } from '../../services/donation-totals';

/**
 * The public columns, listed one by one: a row is never spread into a public answer, so a
 * column added to signups later stays private until someone adds it here on purpose.
 */
/**
 * A co-driver invited by e-mail is named in public only once they have accepted (the driver may
 * have named someone who has not agreed); one named without an address has nothing to accept.
 */
const coDriverPublic = sql`(${signups.coDriverEmail} is null or ${signups.coDriverAcceptedAt} is not null or ${signups.coDriverUserId} is not null)`;
const publicColumns = {
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
type ListRules = Pick<RallySettings, 'year' | 'showOnlyPaidTeams' | 'publicTotalsVerifiedOnly' | 'minimumFundraisingPerTeam'>;

/**
 * This year's teams still in the rally (a withdrawn entry leaves the lists), in the order they
 * registered; only those whose deposit is paid or who are confirmed when the organisers say so.
 */
export function listPublicTeams(db: Db, rally: ListRules): Promise<PublicTeam[]> {
  const listed = rally.showOnlyPaidTeams ? inArray(signups.status, ['deposit_paid', 'confirmed']) : ne(signups.status, 'withdrawn');
  return db
    .select(publicColumns)
    .from(signups)
    .where(and(eq(signups.rallyYear, rally.year), listed))
    .orderBy(asc(signups.createdAt), asc(signups.id));
}

/** One team by id, whatever its rally year (a donate link keeps working). */
export async function findPublicTeam(db: Db, id: number): Promise<PublicTeam | null> {
  const [row] = await db.select(publicColumns).from(signups).where(eq(signups.id, id));
  return row ?? null;
}

/** sum and count are bigint, which both drivers return as text. */
type LeaderboardRow = { signup_id: number; team_name: string; total: string | number; count: string | number; target: number };

/**
 * This year's teams ranked by money raised (only verified donations when the rally setting says so), in one aggregate query: donations are summed per
 * team in the database, never loaded row by row; the left join keeps teams with none at 0.
 * The sums sit in a MATERIALIZED CTE so they are computed once whatever the planner believes:
 * the embedded database never gathers statistics by itself, and without them PostgreSQL would
 * re-aggregate every donation once per team (a minute at 100,000 donations instead of 0.1 s).
 */
export async function leaderboard(db: Db, rally: ListRules, opts: { verifiedOnly?: boolean } = {}): Promise<LeaderboardEntry[]> {
  const verifiedOnly = opts.verifiedOnly ?? rally.publicTotalsVerifiedOnly;
  const counted = verifiedOnly ? sql`where ${donations.state} = 'verified'` : sql``;
  const result = (await db.execute(sql`
    with totals as materialized (
      select ${donations.signupId} as signup_id, ${teamTotalSql} as total, ${teamCountSql} as count
      from ${donations} ${counted} group by ${donations.signupId}
    )
    select s.id as signup_id, s.team_name, coalesce(t.total, 0) as total, coalesce(t.count, 0) as count,
      greatest(coalesce(s.fundraising_target, 0), ${defaultTeamTarget(rally)}) as target
    from ${signups} s left join totals t on t.signup_id = s.id
    where s.rally_year = ${rally.year} and s.status <> 'withdrawn'
    order by coalesce(t.total, 0) desc, s.team_name asc, s.id asc`)) as unknown as { rows: LeaderboardRow[] };
  return result.rows.map((r) => ({
    signupId: r.signup_id,
    teamName: r.team_name,
    donationTotal: Number(r.total),
    donationCount: Number(r.count),
    target: Number(r.target),
  }));
}

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
