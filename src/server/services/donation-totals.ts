import { sql } from 'drizzle-orm';
import { donations } from '../db/schema';

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
