import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { donations, signups } from '../db/schema';

/**
 * A JustGiving gift typed in by the team or an organiser is already inside its page's total once the
 * sync has read the page (the team's `justgiving` line): from then on the line counts and the typed
 * gift does not.
 */
const typedJustGiving = sql`${donations.source} <> 'justgiving' and ${donations.paymentMethod} = 'justgiving'`;
const hasJustGivingLine = sql`bool_or(${donations.source} = 'justgiving')`;

/** For a query over all donations: a typed JustGiving gift of a team whose page total is in. */
export const supersededByJustGiving = sql`${typedJustGiving} and exists (
  select 1 from ${donations} as synced where synced.signup_id = ${donations.signupId} and synced.source = 'justgiving')`;

/** A team's total in pence (bigint), in a query over its donations grouped by team (or filtered to one). */
export const teamTotalSql = sql`coalesce(sum(${donations.amount}), 0)
  - case when ${hasJustGivingLine} then coalesce(sum(${donations.amount}) filter (where ${typedJustGiving}), 0) else 0 end`;

/** The number of ledger lines behind that total. */
export const teamCountSql = sql`count(*)
  - case when ${hasJustGivingLine} then count(*) filter (where ${typedJustGiving}) else 0 end`;

/**
 * What each rally year's teams raised, in pence, counted as the leaderboard counts it (withdrawn
 * teams left out, only verified donations when the season's rule says so). A year whose teams have
 * no counted donation is absent: what it raised is unknown, not nothing.
 */
export async function raisedByYear(db: Db, opts: { verifiedOnly: boolean }): Promise<Map<number, number>> {
  const counted = opts.verifiedOnly ? sql`where ${donations.state} = 'verified'` : sql``;
  const result = (await db.execute(sql`
    select s.rally_year as year, sum(t.total) as raised from (
      select ${donations.signupId} as signup_id, ${teamTotalSql} as total
      from ${donations} ${counted} group by ${donations.signupId}
    ) t join ${signups} s on s.id = t.signup_id
    where s.status <> 'withdrawn'
    group by s.rally_year`)) as unknown as { rows: { year: number; raised: string | number }[] };
  return new Map(result.rows.map((r) => [Number(r.year), Number(r.raised)]));
}
