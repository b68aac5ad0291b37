import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, signups } from '../../db/schema';
import { defaultTeamTarget } from '../../../common/fundraising';
import type { LeaderboardEntry, PublicTeam } from '../../../common/schemas/public-team';
import { teamCountSql, teamTotalSql } from '../../services/donation-totals';
import { publicColumns, type ListRules } from '../../services/public-team-page';

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
