import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, signups } from '../../db/schema';
import { rallyConfig } from '../../../common/rally-config';
import { idParamSchema } from '../../../common/schemas/params';
import type { LeaderboardEntry, PublicSignup } from '../../../common/schemas/public-team';

/**
 * The public columns, listed one by one: a row is never spread into a public answer, so a
 * column added to signups later stays private until someone adds it here on purpose.
 */
const publicColumns = {
  id: signups.id,
  teamName: signups.teamName,
  driverFirstName: signups.driverFirstName,
  driverLastName: signups.driverLastName,
  coDriverFirstName: signups.coDriverFirstName,
  coDriverLastName: signups.coDriverLastName,
  carMake: signups.carMake,
  carModel: signups.carModel,
  carYear: signups.carYear,
  carImageUrl: signups.carImageUrl,
  sponsors: signups.sponsors,
  previousRallyYears: signups.previousRallyYears,
  justGivingUrl: signups.justGivingUrl,
};

/** A path id that is not a positive whole number names no team: 404, like an unknown one. */
export function parseTeamId(raw: string): number | null {
  const parsed = idParamSchema.shape.id.safeParse(raw);
  return parsed.success && /^\d+$/.test(raw) ? parsed.data : null;
}

/** This year's teams, in the order they registered. */
export function listPublicSignups(db: Db): Promise<PublicSignup[]> {
  return db.select(publicColumns).from(signups).where(eq(signups.rallyYear, rallyConfig.year)).orderBy(asc(signups.createdAt), asc(signups.id));
}

/** One team by id, whatever its rally year (a donate link keeps working). */
export async function findPublicSignup(db: Db, id: number): Promise<PublicSignup | null> {
  const [row] = await db.select(publicColumns).from(signups).where(eq(signups.id, id));
  return row ?? null;
}

/** sum and count are bigint, which both drivers return as text. */
type LeaderboardRow = { signup_id: number; team_name: string; total: string | number; count: string | number };

/**
 * This year's teams ranked by money raised, in one aggregate query: donations are summed per
 * team in the database, never loaded row by row; the left join keeps teams with none at 0.
 * The sums sit in a MATERIALIZED CTE so they are computed once whatever the planner believes:
 * the embedded database never gathers statistics by itself, and without them PostgreSQL would
 * re-aggregate every donation once per team (a minute at 100,000 donations instead of 0.1 s).
 */
export async function leaderboard(db: Db): Promise<LeaderboardEntry[]> {
  const result = (await db.execute(sql`
    with totals as materialized (
      select ${donations.signupId} as signup_id, sum(${donations.amount}) as total, count(*) as count
      from ${donations} group by ${donations.signupId}
    )
    select s.id as signup_id, s.team_name, coalesce(t.total, 0) as total, coalesce(t.count, 0) as count
    from ${signups} s left join totals t on t.signup_id = s.id
    where s.rally_year = ${rallyConfig.year}
    order by coalesce(t.total, 0) desc, s.team_name asc, s.id asc`)) as unknown as { rows: LeaderboardRow[] };
  return result.rows.map((r) => ({ signupId: r.signup_id, teamName: r.team_name, donationTotal: Number(r.total), donationCount: Number(r.count) }));
}
